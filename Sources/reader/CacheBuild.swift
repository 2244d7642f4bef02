import Glibc
import LayoutCache
import ReaderApp
import Support
import TextContent
import TextLayout

/// Runs the jobs of `reader cache build` on a fixed number of threads.
///
/// Each job — one (book, width) — is independent: it opens and hashes the book (reading
/// its parse from the content cache when a job before it stored it), lays out every chapter
/// and writes its own cache file, sharing no data with other jobs. The first job of a book
/// to finish opening it also keeps the parse in the content cache (once per book, not per
/// width), so that the first open after a build parses nothing. The only shared state is
/// the job counter, the set of books whose parse is handled and the totals, touched under a
/// lock once or twice per job, so throughput scales with cores.
final class CacheBuild: @unchecked Sendable {
    /// One unit of work.
    struct Job: Sendable {
        var book: Int
        var path: String
        var options: LayoutOptions
        /// Set for a job of vertical columns instead of lines.
        var vertical: Vertical? = nil
    }

    /// A vertical job's column height, and whether the book is set in columns even when
    /// it does not ask for vertical text.
    struct Vertical: Sendable {
        var height: Int
        var always: Bool
    }

    /// Totals of a run.
    struct Summary {
        var books = 0
        var failedBooks = 0
        var writeFailures = 0
        /// Books with at least one layout that could not be written.
        var unwrittenBooks = 0
        var layouts = 0
        var textBytes = 0
        var lines = 0
        var filesWritten = 0
        /// Vertical layouts written, their columns and bytes.
        var verticalLayouts = 0
        var columns = 0
        var verticalBytes = 0
        var alreadyCached = 0
        var fileBytes = 0
        /// Parsed books written to the content cache, and their bytes.
        var contentFiles = 0
        var contentBytes = 0
        /// Books whose parse was in the content cache already.
        var contentCached = 0
        var seconds = 0.0

        func text(widths: Int, jobs: Int, heights: [Int] = []) -> String {
            let mb = Double(textBytes) / 1_000_000
            let rate = seconds > 0 ? mb / seconds : 0
            let perLine = lines > 0 ? Double(fileBytes) / Double(lines) : 0
            func fixed(_ value: Double) -> String { DecimalText.fixed(value, places: 2) }
            var s = "cache build: \(books - failedBooks - unwrittenBooks) of \(books) book\(books == 1 ? "" : "s") × \(widths) width\(widths == 1 ? "" : "s")"
            s += ", \(fixed(mb)) MB of text in \(fixed(seconds)) s = \(fixed(rate)) MB/s (\(jobs) job\(jobs == 1 ? "" : "s"))\n"
            s += "cache build: \(filesWritten) cache file\(filesWritten == 1 ? "" : "s") written, \(ByteCount.human(fileBytes)), "
                + "\(lines) lines, \(fixed(perLine)) bytes a line on disk"
            s += alreadyCached > 0 ? "; \(alreadyCached) already cached (--force rebuilds them)\n" : "\n"
            if !heights.isEmpty {
                s += "cache build: \(verticalLayouts) vertical layout\(verticalLayouts == 1 ? "" : "s") written (columns of "
                s += "\(heights.map(String.init).joined(separator: ", ")) rows), \(ByteCount.human(verticalBytes)), \(columns) columns\n"
            }
            s += "cache build: \(contentFiles) parsed book\(contentFiles == 1 ? "" : "s") written to the content cache, \(ByteCount.human(contentBytes))"
            s += contentCached > 0 ? "; \(contentCached) already there\n" : "\n"
            return s
        }
    }

    private let jobs: [Job]
    private let bookCount: Int
    private let cache: LayoutCache
    private let encoding: String?
    private let progress: Bool
    private let force: Bool
    private let hyphenation: HyphenationChoice
    /// Threads each job may use to parse an EPUB: 1 whenever there are at least as many
    /// jobs as build threads (parallelism comes from running jobs side by side, and
    /// `--jobs 1` really is one thread), more only when there are fewer jobs than threads.
    private var parseThreads = 1

    private let lock = Lock()
    private var next = 0
    private var summary = Summary()
    private var widthsLeft: [Int]
    private var booksDone = 0
    private var failed: Set<Int> = []
    /// Books whose warnings have been printed (or that had none).
    private var warned: Set<Int> = []
    private var unwritten: Set<Int> = []
    /// Books whose parse has been stored in the content cache, or found there (by their first job).
    private var contentHandled: Set<Int> = []
    private var inputBytesTotal = 0
    private var inputBytesDone = 0
    private var fileSizes: [Int]
    /// Monotonic seconds: when `run` started, when the progress bar was last drawn.
    private let clock = SystemClock()
    private var start = 0.0
    private var lastDraw = -Double.infinity

    init(jobs: [Job], bookCount: Int, cache: LayoutCache, encoding: String?, progress: Bool, force: Bool,
         hyphenation: HyphenationChoice = .auto) {
        self.hyphenation = hyphenation
        // File sizes estimate the work of each job. Biggest first (longest-processing-time
        // scheduling): a big book started last would leave the other threads idle at the end.
        // Each book's first width before any book's other widths: a book's later jobs then
        // find its parse in the content cache instead of parsing it alongside its first.
        var seen = Set<Int>()
        let later = jobs.map { !seen.insert($0.book).inserted }
        let sized = jobs.map { ($0, Self.linkSize($0.path)) }
            .enumerated().sorted { a, b in
                (later[a.offset] ? 1 : 0, -a.element.1, a.offset) < (later[b.offset] ? 1 : 0, -b.element.1, b.offset)
            }.map(\.element)
        self.jobs = sized.map(\.0)
        fileSizes = sized.map(\.1)
        inputBytesTotal = fileSizes.reduce(0, +)
        self.bookCount = bookCount
        self.cache = cache
        self.encoding = encoding
        self.progress = progress
        self.force = force
        widthsLeft = [Int](repeating: 0, count: bookCount)
        for j in jobs { widthsLeft[j.book] += 1 }
    }

    /// Runs every job on `threads` threads, each parsing EPUBs on `parseThreads` threads,
    /// and returns the totals.
    func run(threads: Int, parseThreads: Int = 1) -> Summary {
        self.parseThreads = max(1, parseThreads)
        start = clock.now()
        summary.books = bookCount
        // `threads` threads of their own (8 MB stacks: `Threads.stackSize`, the parsers
        // recurse with the documents' depth); the calling thread, iteration 0, only waits.
        Threads.concurrentPerform(iterations: max(1, threads) + 1) { [self] worker in
            guard worker > 0 else { return }
            while let i = take() { perform(jobs[i], index: i) }
        }
        if progress { clearProgress() }
        lock.lock()
        defer { lock.unlock() }
        summary.seconds = clock.now() - start
        summary.failedBooks = failed.count
        summary.unwrittenBooks = unwritten.subtracting(failed).count
        return summary
    }

    private func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < jobs.count else { return nil }
        next += 1
        return next - 1
    }

    private func perform(_ job: Job, index: Int) {
        // Independent work: nothing shared until the totals are added at the end.
        var outcome: Result<(text: Int, lines: Int, bytes: Int)?, Error>
        do {
            let session = try Sessions.open(job.path, BookOpenOptions(encoding: encoding, parseThreads: parseThreads,
                                                                      useContentCache: !force),
                                            printWarnings: false)
            warnOnce(book: job.book, Sessions.warnings(of: session, path: job.path))
            storeContentOnce(session, book: job.book)
            let content = session.content, key = session.key
            if let vertical = job.vertical {
                outcome = storeVertical(vertical, readings: job.options.ruby != .off, content: content, key: key)
                finish(job, index: index, outcome)
                return
            }
            let options = hyphenation.apply(to: job.options, book: content)
            if !force, cache.open(bookKey: key, options: options, content: content) != nil {
                finish(job, index: index, .success(nil))
                return
            }
            do {
                let r = try cache.store(bookKey: key, options: options, layingOut: content)
                outcome = .success((content.bytes.count, r.lines, r.bytes))
            } catch {
                outcome = .failure(error)
            }
        } catch {
            outcome = .failure(error)
        }
        finish(job, index: index, outcome)
    }

    /// A vertical job: the book's columns of `vertical.height` rows, stored unless cached
    /// (nil: nothing written — cached, or a book that does not ask for vertical text).
    private func storeVertical(_ vertical: Vertical, readings: Bool, content: TextContent, key: String)
        -> Result<(text: Int, lines: Int, bytes: Int)?, Error> {
        guard vertical.always || content.metadata.verticalWriting else { return .success((0, 0, -1)) }
        let verticalKey = VerticalLayoutKey(bookKey: key, height: vertical.height, readings: readings, content: content)
        if !force, cache.openVertical(verticalKey, content: content) != nil { return .success(nil) }
        return Result {
            let r = try cache.storeVertical(verticalKey, content: content) {
                VerticalBookBuilder.columns(ofChapter: $0, in: content, height: vertical.height, readings: readings)
            }
            return (0, r.lines, r.bytes)
        }
    }

    private func finish(_ job: Job, index: Int, _ outcome: Result<(text: Int, lines: Int, bytes: Int)?, Error>) {
        lock.lock()
        defer { lock.unlock() }
        inputBytesDone += fileSizes[index]
        widthsLeft[job.book] -= 1
        if widthsLeft[job.book] == 0 { booksDone += 1 }
        switch outcome {
        case .success(nil):
            summary.alreadyCached += 1
        case .success(let r?) where r.bytes < 0:
            break   // a horizontal book's vertical job
        case .success(let r?) where job.vertical != nil:
            summary.verticalLayouts += 1
            summary.columns += r.lines
            summary.verticalBytes += r.bytes
        case .success(let r?):
            summary.layouts += 1
            summary.textBytes += r.text
            summary.lines += r.lines
            summary.filesWritten += 1
            summary.fileBytes += r.bytes
        case .failure(let error):
            if let e = error as? LayoutCacheError {
                summary.writeFailures += 1
                unwritten.insert(job.book)
                report(e.description)
            } else if !failed.contains(job.book) {
                // One line per bad book, however many widths were asked for.
                failed.insert(job.book)
                report((error as? CLIError)?.message ?? "\(job.path): \(error)")
            }
        }
        if progress { drawProgress(force: next >= jobs.count && booksDone == bookCount) }
    }

    /// Keeps a book's parse in the content cache, once per book: the first of its jobs to get
    /// here writes it if it parsed the book (another job that parsed it at the same time does
    /// not write it again), or counts it as already cached if it read it from there.
    private func storeContentOnce(_ session: BookSession, book: Int) {
        lock.lock()
        let first = contentHandled.insert(book).inserted
        if first && !session.parsedNow { summary.contentCached += 1 }
        lock.unlock()
        guard first, session.parsedNow else { return }
        let outcome = Result { try session.contentCache.store(session.content, bookKey: session.contentKey) }
        lock.lock()
        defer { lock.unlock() }
        switch outcome {
        case .success(let bytes):
            summary.contentFiles += 1
            summary.contentBytes += bytes
        case .failure(let error):
            summary.writeFailures += 1
            unwritten.insert(book)
            report((error as? LayoutCacheError)?.description ?? "\(error)")
        }
    }

    /// Prints a book's warnings the first time one of its jobs opens it (each job opens
    /// the book again, one per width), on a line of their own below the progress bar.
    private func warnOnce(book: Int, _ warnings: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard !warned.contains(book) else { return }
        warned.insert(book)
        guard !warnings.isEmpty else { return }
        if progress { clearProgress() }
        for w in warnings { Diagnostics.warning(w) }
        if progress { drawProgress(force: true) }
    }

    // MARK: Progress (stderr, terminals only; called under the lock)

    /// Prints an error on a line of its own: the progress bar's line is cleared first (the
    /// next `drawProgress` draws it again below).
    private func report(_ message: String) {
        if progress { clearProgress() }
        Diagnostics.error(message)
    }

    private func drawProgress(force: Bool) {
        let now = clock.now()
        guard force || now - lastDraw >= 0.1 else { return }
        lastDraw = now
        let elapsed = now - start
        let fraction = inputBytesTotal > 0 ? Double(inputBytesDone) / Double(inputBytesTotal) : Double(booksDone) / Double(max(1, bookCount))
        let barWidth = 24
        let filled = min(barWidth, Int(fraction * Double(barWidth)))
        let rate = elapsed > 0 ? Double(summary.textBytes) / 1_000_000 / elapsed : 0
        let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        let line = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "] "
            + "\(booksDone)/\(bookCount) books  \(DecimalText.fixed(rate, places: 1)) MB/s  "
            + "ETA \(Int(eta) / 60):\((0..<10).contains(Int(eta) % 60) ? "0" : "")\(Int(eta) % 60)"
        writeStderr("\r" + line + "\u{1B}[K")
    }

    private func clearProgress() { writeStderr("\r\u{1B}[K") }

    /// The size `lstat(2)` gives (a symbolic link's own, as Foundation's `attributesOfItem`
    /// gave it), 0 when there is nothing there: the job's estimated work.
    private static func linkSize(_ path: String) -> Int { FileSystem.entrySize(path) ?? 0 }

    private func writeStderr(_ s: String) {
        var bytes = Array(s.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
