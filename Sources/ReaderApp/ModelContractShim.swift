// TEMPORARY: maps the ReaderModel facade the loop is written against onto today's
// ReaderModel until the core-layers branch lands (then this file is deleted).
import ReaderCore
import TextLayout
import TextContent

nonisolated(unsafe) var shimRevealSettings = RevealSettings()

extension ReaderModel {
    public func handle(_ input: Input, at time: Double) -> [Effect] { handle(input, at: time, settings: shimRevealSettings) }
    public func advance(to time: Double) -> [Effect] { advanceReveal(to: time) }
    public func nextDeadline(after now: Double) -> Double? { nextRevealChange() }
    public func excludeStop(from: Double, to: Double) { excludeRevealStop(from: from, to: to) }
    public var snapshot: ReaderModel { self }
    public var position: ByteOffset { pager.anchor }
}

extension ReaderModel {
    public convenience init(content: TextContent, position: ByteOffset, columns: Int, rows: Int, preferredWidth: Int,
                     baseOptions: LayoutOptions, marks: [Mark], revealSettings: RevealSettings) {
        self.init(content: content, position: position, columns: columns, rows: rows, preferredWidth: preferredWidth,
                  baseOptions: baseOptions, marks: marks)
        shimRevealSettings = revealSettings
    }
    public func startReveal(at time: Double) { startReveal(shimRevealSettings, at: time) }
}
