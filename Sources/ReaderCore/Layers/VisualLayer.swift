import TextContent

/// Visual mode (`v`, or a drag or double click on the text): the selection's head moves by
/// words, sentences, paragraphs and lines; `y` copies the selected text, `h`/`H` highlight
/// it, `a` puts a note on it, `d` removes the highlights over it, Enter or `K` looks the
/// word up. Esc or `v` leaves. Page keys fall through (the page turns, the selection
/// stays); other keys are consumed (docs/KEYS.md, "Visual mode").
public struct VisualLayer: Layer {
    /// Visual mode over `context.selection` (already set).
    public init() {}

    /// The text stays visible.
    public var hidesText: Bool { false }

    /// Moves, copies, highlights, annotates or looks up; see the type's documentation.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        guard let selection = context.selection else { return .pop() }
        if let motion = context.isVertical ? Self.verticalMotion(for: input) : Self.motion(for: input) {
            let before = context.pager.anchor
            context.moveSelection(motion)
            return .consumed(context.pager.anchor != before ? [.positionChanged] : [])
        }
        // While only part of a big book is known its offsets are not the book's: no highlight yet.
        if context.loading != nil, [.character("h"), .character("H"), .character("a"), .character("d"), .character("x")].contains(input) {
            context.message = "Highlights wait until the whole book is loaded"
            return .consumed()
        }
        switch input {
        case .character("o"): context.selection = selection.swapped
        case .character("y"):
            guard let text = context.selectedText else { return .consumed() }
            context.selection = nil
            context.message = "Copied \(text.count) characters"
            return .pop([.copy(text)])
        case .character("h"):
            context.highlightSelection(color: context.highlightColor)
            context.selection = nil
            context.message = "Highlighted (\(context.highlightColor.name))"
            return .pop([.highlightsChanged])
        case .character("H"):
            context.highlightColor = context.highlightColor.next
            context.highlightSelection(color: context.highlightColor)
            context.message = "Highlighted (\(context.highlightColor.name)); H again for another colour"
            return LayerResponse(consumed: true, effects: [.highlightsChanged], keepsMessage: true)
        case .character("a"):
            let note = context.highlightIndex(over: selection.range).flatMap { context.highlights[$0].note } ?? ""
            return LayerResponse(consumed: true, actions: [.pop, .push(PromptLayer(.note, text: note))])
        case .character("d"), .character("x"):
            let removed = context.removeHighlights(overlapping: selection.range)
            context.message = removed == 0 ? "No highlight here" : "Removed \(removed) highlight\(removed == 1 ? "" : "s")"
            return removed == 0 ? .consumed() : .consumed([.highlightsChanged])
        case .enter, .character("K"):
            return context.lookUp(selection)
        case .escape, .character("v"), .control("g"):
            context.selection = nil
            return .pop()
        case .control("c"):
            context.selection = nil
            return LayerResponse(consumed: false, actions: [.pop])
        default:
            return handleMouse(input, at: time, in: context)
        }
        return .consumed()
    }

    /// The motion key of `input`, if it is one.
    static func motion(for input: Input) -> SelectionMotion? {
        switch input {
        case .character("w"): return .wordForward
        case .character("b"): return .wordBackward
        case .character("e"): return .wordEnd
        case .character(")"): return .sentenceForward
        case .character("("): return .sentenceBackward
        case .character("}"): return .paragraphForward
        case .character("{"): return .paragraphBackward
        case .character("j"), .down: return .lineDown
        case .character("k"), .up: return .lineUp
        case .character("l"), .right: return .clusterForward
        case .left, .backspace: return .clusterBackward
        default: return nil
        }
    }

    /// The motion key of `input` in vertical text: down a column is on (`j`, `↓`, `l`), up
    /// it back (`k`, `↑`, Backspace), `←` the next column and `→` the one before; the
    /// others as in lines.
    static func verticalMotion(for input: Input) -> SelectionMotion? {
        switch input {
        case .character("j"), .down: return .clusterForward
        case .character("k"), .up, .backspace: return .clusterBackward
        case .left: return .columnForward
        case .right: return .columnBackward
        default: return motion(for: input)
        }
    }

    /// A drag moves the head, a click starts again where it is (two: a word, three: a
    /// paragraph); the page keys and the wheel fall through to the reading layer.
    private func handleMouse(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        switch input {
        case .drag(let row, let column):
            if let at = context.offset(atRow: row, column: column) { context.extendSelection(to: at) }
        case .click(let row, let column):
            let clicks = context.countClick(row: row, column: column, at: time)
            guard let at = context.offset(atRow: row, column: column) else {
                context.selection = nil
                return .pop()
            }
            context.startSelection(at: at, clicks: clicks)
        case .modifiedClick(let row, let column):
            guard let at = context.offset(atRow: row, column: column) else { return .consumed() }
            context.startSelection(at: at, clicks: 2)
            if let selection = context.selection { return context.lookUp(selection) }
        case .release: break
        case .character(" "), .character("f"), .pageDown, .pageUp, .control("f"), .control("b"), .control("d"), .control("u"),
             .wheelUp, .wheelDown, .character("q"):
            return .ignored
        default: break
        }
        return .consumed()
    }

    /// Names the mode on the status line, with the selection's size.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        guard let range = context.selection?.range else { return }
        // Characters for what a person selects by hand; bytes past that (counting a whole book each frame would show).
        snapshot.status.mode = range.count <= 65_536 ? "VISUAL \(context.content.string(in: range).count) chars"
            : "VISUAL \(range.count / 1024) KB"
    }
}
