import TextContent

/// The bottom layer: the book's text and the reading keys (docs/KEYS.md), including the
/// paced reveal's keys while it is on. Other layers are pushed from here.
public struct ReadingLayer: Layer {
    /// The reading layer.
    public init() {}

    /// The text is this layer.
    public var hidesText: Bool { false }

    /// While revealing, Space/Enter, `+`/`-`, `p`, `>`, `r` and Esc control the reveal
    /// (and keep the status message); without reveal, `r` starts it. Any other key reads.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        if input == .character("V") {
            context.toggleWritingMode()
            return .consumed([.settingsChanged])
        }
        if let response = handleRevealKey(input, at: time, in: context) { return response }
        return handleReadingKey(input, at: time, in: context)
    }

    /// Adds the page on screen, laid out and placed (in columns in vertical mode).
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        snapshot.views.append(context.isVertical ? TextPage(composingVertical: context) : TextPage(composing: context))
    }

    // MARK: Reading

    private func handleReadingKey(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        if let response = handleLinkKey(input, at: time, in: context) { return response }
        let before = context.pager.anchor
        let page = context.textRows
        switch input {
        // → and ← turn pages the way the book's pages go: in a right-to-left book (manga,
        // Arabic, Hebrew: `page-progression-direction`) ← is the next page.
        case .right: if context.turnsRightToLeft { context.pageUp() } else { context.pageDown() }
        case .left: if context.turnsRightToLeft { context.pageDown() } else { context.pageUp() }
        case .character(" "), .character("f"), .pageDown, .control("f"): context.pageDown()
        case .character("b"), .pageUp, .control("b"), .backspace: context.pageUp()
        case .character("j"), .down, .enter, .control("e"), .control("n"): context.scroll(by: 1)
        case .character("k"), .up, .control("y"), .control("p"): context.scroll(by: -1)
        case .wheelDown: context.scroll(by: 3)
        case .wheelUp: context.scroll(by: -3)
        case .character("d"), .control("d"): context.scroll(by: max(1, page / 2))
        case .character("u"), .control("u"): context.scroll(by: -max(1, page / 2))
        case .character("]"): context.jumpToChapter(context.progress.chapter + 1)
        case .character("["): startOfChapter(context)
        case .character("g"), .home, .character("<"): context.recordingJump { context.jump(to: .zero) }
        case .character("G"), .end, .character(">"):
            context.recordingJump { context.pager.setTop(context.pager.lastPageTop(in: context.layouts), in: context.layouts) }
        case .control("o"), .alt(.left):
            if !context.jumpBack() { context.message = "No earlier place in the jump list" }
        case .alt(.right):
            if !context.jumpForward() { context.message = "No later place in the jump list" }
        case .character("+"): return .consumed(context.stepWidth(by: 1) ? [.settingsChanged] : [])
        case .character("-"): return .consumed(context.stepWidth(by: -1) ? [.settingsChanged] : [])
        case .character("="):
            context.resetWidth()
            return .consumed([.settingsChanged])
        case .character("c"):
            context.setTheme(context.settings.theme.next)
            return .consumed([.settingsChanged])
        case .character("z"): return .consumed(context.togglePictureFit() ? [.settingsChanged] : [])
        case .character("o"): return .push(SettingsLayer())
        case .character("t"): return .push(ContentsLayer(context: context))
        case .character("'"): return .push(BookmarksLayer())
        case .character("\""): return .push(HighlightsLayer(context: context))
        case .character("v"):
            guard context.startSelectionOnPage() else {
                context.message = "No text on this page to select"
                return .consumed()
            }
            return .push(VisualLayer())
        case .character("/"): return .push(PromptLayer(.search))
        case .character(":"): return .push(PromptLayer(.command))
        case .character("?"): return .push(HelpLayer())
        case .character("m"):
            context.addMark()
            return .consumed([.bookmarksChanged])
        case .character("n"): context.findNext(forward: true)
        case .character("N"): context.findNext(forward: false)
        case .character("q"), .character("Q"), .control("c"): return .consumed([.positionChanged, .quit])
        case .escape:
            context.clearSearch()
            context.selectedLink = nil
        default: return .ignored
        }
        return .consumed(context.pager.anchor != before ? [.positionChanged] : [])
    }

    /// `Tab` / `Shift-Tab` select a link, `Enter` follows the selected one (else it
    /// scrolls), `F` labels the links, a click on a link follows it; nil for other inputs.
    private func handleLinkKey(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse? {
        let before = context.pager.anchor
        switch input {
        case .tab, .backTab:
            context.selectLink(forward: input == .tab)
            return .consumed(context.pager.anchor != before ? [.positionChanged] : [])
        case .enter:
            guard let link = context.visibleSelectedLink else { return nil }
            return LinkFollowing.follow(link, in: context)
        case .character("F"):
            let hints = HintLayer(context: context)
            if hints.links.isEmpty {
                context.message = "No links on this page"
                return .consumed()
            }
            return .push(hints)
        case .click(let row, let column):
            guard let at = context.offset(atRow: row, column: column) else { return .consumed() }
            guard let link = context.visibleLink(at: at) else { return handleTextClick(at: at, row: row, column: column, time: time, in: context) }
            context.selectedLink = link.range
            return LinkFollowing.follow(link, in: context)
        case .drag(let row, let column):
            // A press on the text, then a move: the selection starts where it was pressed.
            guard let from = context.pressedAt, let to = context.offset(atRow: row, column: column) else { return .consumed() }
            context.pressedAt = nil
            context.startSelection(at: from, clicks: 1)
            context.extendSelection(to: to)
            return .push(VisualLayer())
        case .release:
            context.pressedAt = nil
            return .consumed()
        case .modifiedClick(let row, let column):
            guard let at = context.offset(atRow: row, column: column) else { return .consumed() }
            context.startSelection(at: at, clicks: 2)
            guard let selection = context.selection else { return .consumed() }
            let response = context.lookUp(selection)
            context.selection = nil
            return response
        default:
            return nil
        }
    }

    /// A click on the text that is no link: remembered for a drag; a double click selects
    /// its word, a triple click its paragraph, in visual mode.
    private func handleTextClick(at offset: ByteOffset, row: Int, column: Int, time: Double,
                                 in context: ReadingContext) -> LayerResponse {
        let clicks = context.countClick(row: row, column: column, at: time)
        guard clicks > 1 else {
            context.pressedAt = offset
            return .consumed()
        }
        context.startSelection(at: offset, clicks: clicks)
        return .push(VisualLayer())
    }

    /// `[`: to the start of this chapter, or the previous one when already there.
    private func startOfChapter(_ context: ReadingContext) {
        let c = context.progress.chapter
        let start = context.content.chapters[c].range.lowerBound
        let atStart = context.pager.top(in: context.layouts).line == 0 || context.pager.anchor <= start
        context.jumpToChapter(atStart ? c - 1 : c)
    }

    // MARK: Paced reveal

    /// The reveal's keys, or nil when `input` is not one of them now.
    private func handleRevealKey(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse? {
        guard let state = context.reveal else {
            guard input == .character("r") else { return nil }
            context.startReveal(context.revealSettings, at: time)
            return LayerResponse(consumed: true, keepsMessage: true)
        }
        var effects: [Effect] = []
        switch input {
        case .character(" "), .enter:
            if case .revealing = state.phase {
                context.reveal?.showRest(at: time)
            } else if context.turnRevealPage(at: time) {
                effects.append(.positionChanged)
            }
        case .character("+"), .character("="): context.reveal?.setRate(RevealSettings.faster(state.settings.rate), at: time)
        case .character("-"), .character("_"): context.reveal?.setRate(RevealSettings.slower(state.settings.rate), at: time)
        case .character("p"): context.reveal?.togglePause(at: time)
        case .character(">"): context.reveal?.toggleFastForward(at: time)
        case .character("r"), .escape: context.stopReveal()
        default: return nil
        }
        return LayerResponse(consumed: true, effects: effects, keepsMessage: true)
    }
}
