import TextContent

/// The list of the book's highlights (`"`), in book order, each with its percentage,
/// colour, the start of its text and its note: `j`/`k`/arrows move, Enter jumps to it,
/// `d`/`x` deletes it, Esc/`q`/`"` closes. Covers the text.
public struct HighlightsLayer: Layer {
    /// The selected highlight.
    public private(set) var selected: Int

    /// The list with the first highlight at or after the reading position selected.
    public init(context: ReadingContext) {
        let at = context.pager.anchor
        let i = context.highlights.firstIndex { $0.range.upperBound > at } ?? 0
        selected = min(i, max(0, context.highlights.count - 1))
    }

    /// The list covers the text.
    public var hidesText: Bool { true }

    /// Moves the selection, jumps, deletes or closes; every other key is consumed.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        let list = context.highlights
        let last = max(0, list.count - 1)
        switch input {
        case .character("j"), .down, .wheelDown: selected = min(last, selected + 1)
        case .character("k"), .up, .wheelUp: selected = max(0, selected - 1)
        case .character("g"), .home: selected = 0
        case .character("G"), .end: selected = last
        case .enter:
            guard selected < list.count else { return .pop() }
            context.recordingJump { context.jump(to: list[selected].range.lowerBound) }
            return .pop([.positionChanged])
        case .character("d"), .character("x"):
            guard context.removeHighlight(at: selected) else { break }
            selected = max(0, min(selected, context.highlights.count - 1))
            return .consumed([.highlightsChanged])
        case .escape, .character("q"), .character("\""): return .pop()
        default: break
        }
        return .consumed()
    }

    /// Adds the window of highlights around the selection.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let list = context.highlights
        let title = list.isEmpty ? "No highlights yet: select with v, then h"
            : "Highlights (\(list.count); Enter jumps, d deletes)"
        snapshot.views.append(ListView(title: title, count: list.count, selected: selected, geometry: snapshot.geometry) {
            Self.row(list[$0], in: context.content)
        })
    }

    /// "12.3%  yellow  “the start of the text”  — the note".
    static func row(_ h: TextHighlight, in content: TextContent) -> String {
        // The first 240 bytes at most, cut before a UTF-8 continuation byte.
        var end = min(h.range.upperBound.rawValue, h.range.lowerBound.rawValue + 240)
        while end > h.range.lowerBound.rawValue && end < content.bytes.count && content.bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let quote = content.string(in: ByteRange(h.range.lowerBound, ByteOffset(end))).replacingLineFeeds()
        let note = h.note.map { "  — " + $0.replacingLineFeeds() } ?? ""
        return "\(Progress(offset: h.range.lowerBound, in: content).percentText)  \(h.color.name)  “\(quote)”\(note)"
    }
}
