import TextContent

/// The table of contents (`t`): `j`/`k`/arrows move, Space/`b` by pages, `g`/`G` to the
/// ends, Enter (or `l`) jumps, Esc/`q`/`t`/`h` closes. Covers the text.
public struct ContentsLayer: Layer {
    /// The selected entry.
    public private(set) var selected: Int

    /// The list with entry `selected` selected.
    public init(selected: Int) {
        self.selected = selected
    }

    /// The list with the entry of the reading position selected: the last one whose
    /// target is at or before it.
    init(context: ReadingContext) {
        var best = 0
        for (i, e) in Self.entries(of: context.content).enumerated() where e.target <= context.pager.anchor { best = i }
        self.init(selected: best)
    }

    /// The entries: the book's TOC when it has one, else its chapters.
    public static func entries(of content: TextContent) -> [TOCEntry] {
        if !content.toc.isEmpty { return content.toc }
        return content.chapters.map { TOCEntry(title: $0.title, level: $0.level, target: $0.range.lowerBound, source: $0.source) }
    }

    /// The list covers the text.
    public var hidesText: Bool { true }

    /// Moves the selection, jumps or closes; every other key is consumed and does nothing.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        let entries = Self.entries(of: context.content)
        let last = max(0, entries.count - 1)
        let page = context.textRows - 2
        switch input {
        case .character("j"), .down, .control("n"), .wheelDown: selected = min(last, selected + 1)
        case .character("k"), .up, .control("p"), .wheelUp: selected = max(0, selected - 1)
        case .pageDown, .character(" "), .control("f"): selected = min(last, selected + page)
        case .pageUp, .character("b"), .control("b"): selected = max(0, selected - page)
        case .character("g"), .home: selected = 0
        case .character("G"), .end: selected = last
        case .enter, .character("l"):
            guard selected < entries.count else { return .pop() }
            context.recordingJump { context.pager.jump(to: entries[selected].target) }
            return .pop([.positionChanged])
        case .escape, .character("q"), .character("t"), .character("h"): return .pop()
        default: break
        }
        return .consumed()
    }

    /// Adds the window of entries around the selection, indented by level.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let entries = Self.entries(of: context.content)
        snapshot.views.append(ListView(title: "Contents", count: entries.count, selected: selected, geometry: snapshot.geometry) {
            String(repeating: "  ", count: max(0, entries[$0].level - 1)) + entries[$0].title
        })
    }
}
