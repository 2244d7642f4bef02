import TextContent

/// The bookmark list (`'`): `j`/`k`/arrows move, Enter jumps, `d`/`x` deletes,
/// Esc/`q`/`'` closes. Covers the text.
public struct BookmarksLayer: Layer {
    /// The selected bookmark.
    public private(set) var selected: Int

    /// The list with bookmark `selected` selected.
    public init(selected: Int = 0) {
        self.selected = selected
    }

    /// The list covers the text.
    public var hidesText: Bool { true }

    /// Moves the selection, jumps, deletes or closes; every other key is consumed and does nothing.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        let last = max(0, context.marks.count - 1)
        switch input {
        case .character("j"), .down, .wheelDown: selected = min(last, selected + 1)
        case .character("k"), .up, .wheelUp: selected = max(0, selected - 1)
        case .enter:
            guard selected < context.marks.count else { return .pop() }
            context.recordingJump { context.pager.jump(to: context.marks[selected].offset) }
            return .pop([.positionChanged])
        case .character("d"), .character("x"):
            guard context.removeMark(at: selected) else { break }
            selected = max(0, min(selected, context.marks.count - 1))
            return .consumed([.bookmarksChanged])
        case .escape, .character("q"), .character("'"): return .pop()
        default: break
        }
        return .consumed()
    }

    /// Adds the window of bookmarks around the selection, each with its percentage.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let marks = context.marks
        let title = marks.isEmpty ? "No bookmarks yet: press m while reading" : "Bookmarks (Enter jumps, d deletes)"
        snapshot.views.append(ListView(title: title, count: marks.count, selected: selected, geometry: snapshot.geometry) {
            "\(Progress(offset: marks[$0].offset, in: context.content).percentText)  \(marks[$0].label)"
        })
    }
}
