import BookFormats
import ReaderState
import Support
import TextContent

/// Opening a big book from one place (issue #20): a session whose `content` is the saved
/// place's documents (`PartialBook`), shown at once, while `completion` parses the whole
/// book; `completed()` then gives the whole book's session, which the loop moves to.
extension BookSession {
    /// Whether this session holds only part of its book.
    public var isPartial: Bool { partial != nil }

    /// Whether the book has images to show (for a partial session: its manifest lists one).
    public var mayShowPictures: Bool { !content.images.isEmpty || partial?.hasImages == true }

    /// The book at `path` opened at its saved place's document, when that pays (a big
    /// EPUB, or a big TXT read from its start) and the place is known from `saved` (the
    /// book's state as the store gave it): no saved state (the start), or a state that names
    /// its document (written since issue #20; older states are at an offset of the whole book).
    static func openPartially(_ path: String, saved: StateStore.LoadResult, options: BookOpenOptions) -> (PartialBook, DocumentPlace?)? {
        var start: DocumentPlace?
        if case .found(let saved) = saved {
            if let source = saved.position.document {
                start = DocumentPlace(source: source, offset: saved.position.documentOffset ?? 0)
            } else if saved.position.offset > 0 {
                return nil
            }
        }
        do {
            guard let partial = try PartialBook.open(path: path, at: start, minimumBytes: options.partialMinimumBytes,
                                                     encoding: options.encoding) else {
                return nil
            }
            return (partial, start)
        } catch {
            return nil  // the whole book's parse says why
        }
    }

    /// The whole book's session once `completion` has parsed it (nil before, and when the
    /// parse failed: `completion.failure` says why). The state is read again from the store,
    /// so what the partial session saved meanwhile is kept.
    public func completed() -> BookSession? {
        guard let path, case .success(let whole)? = completion?.result else { return nil }
        let session = BookSession(path: path, content: whole, key: key, contentKey: contentKey, parsedNow: true,
                                  store: store, directories: directories, options: options)
        session.library = library
        session.stats = stats
        return session
    }

    /// Whether the part shown reaches the book's end (`forward`) or its start: moving past
    /// it there needs nothing more.
    public func partialReachesEnd(forward: Bool) -> Bool {
        guard let partial else { return true }
        return forward ? partial.documents.upperBound == partial.documentCount : partial.documents.lowerBound == 0
    }

    /// Where `position` of this partial session is in the whole book `whole` (its
    /// document's start there plus its distance from its document's start here).
    public func position(_ position: ByteOffset, in whole: TextContent) -> ByteOffset {
        guard let place = content.documentPlace(of: position), let found = whole.offset(of: place) else {
            return position
        }
        return found
    }

    /// A partial session's save: the position as a document place (its offset in the whole
    /// book is not known yet, so the saved offset, bookmarks and jumps stay as they were).
    func savePartial(position: ByteOffset, settings: [String: String]?, now: Double) throws {
        var state = self.state
        if let place = content.documentPlace(of: position) {
            state.position.document = place.source
            state.position.documentOffset = place.offset
        }
        if let settings { state.settings = settings.isEmpty ? nil : settings }
        state.updated = now
        state.title = content.metadata.title
        try store.save(state)
        replaceLoadedState(state)
    }
}

/// The whole book's parse for a partial session, on its own thread (with a big stack:
/// libxml2 recurses), started by `start()` — the loop starts it once the first frame is
/// out, so that the first frame has the machine's cores to itself. `result` is nil until
/// it is done; `wait()` starts it if needed and blocks until then.
public final class BookCompletion: @unchecked Sendable {
    private let condition = Condition()
    private var finished: Result<TextContent, Error>?
    private var parse: (@Sendable () throws -> TextContent)?
    private var counted: ScriptCensus?

    /// A parse of `parse`, not started.
    init(_ parse: @escaping @Sendable () throws -> TextContent) {
        self.parse = parse
    }

    /// Starts the parse on a new thread (once).
    public func start() {
        condition.lock()
        let work = parse
        parse = nil
        condition.unlock()
        guard let work else { return }
        // 16 MB: libxml2 recurses with the documents' depth. (Foundation's thread asked
        // for .userInitiated too, which Linux's threads have no equivalent of.)
        Threads.detach(stackSize: 16 << 20) { [self] in
            let result = Result { try work() }
            // The census for the time-left estimates, counted here rather than by the
            // loop's first wait (a pass over the whole text).
            let census = (try? result.get()).map { ScriptCensus($0) }
            condition.lock()
            counted = census
            finished = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The parse's result, nil while it runs.
    public var result: Result<TextContent, Error>? {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// The whole book's script census, once it is parsed.
    public var census: ScriptCensus? {
        condition.lock()
        defer { condition.unlock() }
        return counted
    }

    /// Whether the parse is done.
    public var isDone: Bool { result != nil }

    /// Why the parse failed, nil while it runs or when it succeeded.
    public var failure: Error? {
        if case .failure(let error)? = result { return error }
        return nil
    }

    /// Blocks until the parse is done (starting it if needed).
    public func wait() {
        start()
        condition.lock()
        while finished == nil { condition.wait() }
        condition.unlock()
    }
}
