import ReaderCore
import TextContent

/// A partial session in the loop (issue #20): the first part of a big book is read while
/// the whole book is parsed on another thread. Keys that move through the part shown are
/// handled at once; keys that need the whole book wait for it with "Loading…" on the
/// status line (Esc drops them); when the parse is done the loop moves to the whole book's
/// session and model at the same place and carries the waiting keys out there.
extension ReaderLoop {
    /// How often (ms) the loop looks whether the whole book has arrived.
    static let partialPollMilliseconds = 10

    /// Whether the loop waits for a partial session's whole book.
    var wholeBookPending: Bool { session.isPartial && !wholeBookFailed }

    /// Feeds one input to the model, or keeps it for the whole book when this session is
    /// partial and the input needs the rest (or would move past the part there is).
    func apply(_ input: Input, at now: Double) -> [Effect] {
        guard session.isPartial else { return model.handle(input, at: now) }
        if case .click = input { return [] }  // links are not resolved in a part
        if input == .escape && !waitingInputs.isEmpty {
            waitingInputs.removeAll()
            model.showMessage("Cancelled")
            return []
        }
        let rightToLeft = session.content.metadata.direction == .rightToLeft
        guard waitingInputs.isEmpty, let direction = PartialBookKeys.direction(of: input, rightToLeft: rightToLeft) else {
            return wait(for: input)
        }
        // The place, not only the position: scrolling inside a tall picture moves the
        // screen but not the position.
        let before = model.place
        let effects = model.handle(input, at: now)
        if direction != 0 && model.place == before && !session.partialReachesEnd(forward: direction > 0) {
            return effects + wait(for: input)
        }
        return effects
    }

    /// Keeps `input` for when the whole book is there.
    private func wait(for input: Input) -> [Effect] {
        guard !wholeBookFailed else {
            model.showMessage("Only part of the book could be read")
            return []
        }
        waitingInputs.append(input)
        model.showMessage("Loading the rest of the book… (Esc cancels)")
        return []
    }

    /// Moves to the whole book when its parse is done: the same place, the waiting inputs
    /// carried out there. Returns false when one of them quits.
    func adoptWholeBook() -> Bool {
        guard wholeBookPending, let completion = session.completion, completion.isDone else { return true }
        guard let whole = session.completed() else {
            wholeBookFailed = true
            model.setLoading("part")
            model.showMessage("Could not read the rest of the book: \(completion.failure.map { "\($0)" } ?? "unknown error")")
            waitingInputs.removeAll()
            return true
        }
        let position = session.position(model.position, in: whole.content)
        let next = makeWholeModel?(whole, position) ?? whole.makeModel(columns: model.columns, rows: model.screenRows,
                                                                       layout: model.layoutOptions, start: position)
        next.statusFields = model.statusFields
        if let sizer = pictureSizer {
            next.setPictureSizing { image, columns, rows in sizer.box(for: image, maxColumns: columns, maxRows: rows) }
        }
        try? stats.save()
        session = whole
        model = next
        stats = ReadingStatsRecorder(key: whole.key, content: whole.content, store: whole.stats, wallClock: settings.wallClock,
                                     census: completion.census)
        saver.markDirty()  // saved with the next save, not in the key's time
        whole.settle(layoutOptions: model.layouts.options)
        recordInLibrary()
        lateWarnings = whole.content.warnings
        if let first = lateWarnings.first {
            model.showMessage(lateWarnings.count > 1 ? "\(first) (and \(lateWarnings.count - 1) more)" : first)
        }
        let waiting = waitingInputs
        waitingInputs.removeAll()
        let now = clock.now()
        return waiting.allSatisfy { carryOut(model.handle($0, at: now)) }
    }
}
