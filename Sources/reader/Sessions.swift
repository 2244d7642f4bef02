import BookFormats
import Glibc
import ReaderApp
import ReaderState
import Storage
import Support
import TextContent

/// The executable's side of `BookSession`: opening a book with errors mapped to exit
/// codes and its warnings printed, one line each.
enum Sessions {
    /// Opens `path` (nil: the sample) for a command; its warnings go to stderr unless
    /// `printWarnings` is false (`cache build` prints them itself, once per book).
    static func open(_ path: String?, _ options: BookOpenOptions = BookOpenOptions(), directories: XDGDirectories? = nil,
                     store: PositionStore? = nil, printWarnings: Bool = true) throws -> BookSession {
        let directories = directories ?? XDGDirectories(environment: Environment.variables())
        let session: BookSession
        do {
            session = try BookSession.open(path, options: options, directories: directories,
                                           store: store ?? FilePositionStore(StateStore(folder: directories.state)))
        } catch let e as BookError {
            throw CLIError.book(e)
        }
        if let path, printWarnings { for w in warnings(of: session, path: path) { Diagnostics.warning(w) } }
        return session
    }

    /// The work for after a command's output is done (`dump`, `info`, pipe mode): keep the
    /// parse in the content cache when the book was parsed now (a write failure is ignored:
    /// it is a cache), and, with `READER_STATS` set, say on stderr where the book came
    /// from (`content parsed` or `content cached`) and, given when the command `started`
    /// and when its output was `printed` (`SystemClock` seconds), the milliseconds from the
    /// one to the other and to the end of this work (the process's start-up and exit not counted).
    static func outputDone(_ session: BookSession, started: Double? = nil, printed: Double? = nil) {
        session.storeParsedContent()
        guard getenv("READER_STATS") != nil, session.path != nil else { return }
        var line = session.parsedNow ? "content parsed" : "content cached"
        if let started {
            func ms(_ seconds: Double) -> String { DecimalText.fixed(seconds * 1000, places: 1) + " ms" }
            let now = SystemClock().now()
            line += ", output \(ms((printed ?? now) - started)), done \(ms(now - started))"
        }
        Diagnostics.statsLine(line)
    }

    /// The warning lines of an opened book, each naming the file.
    static func warnings(of session: BookSession, path: String) -> [String] {
        session.content.warnings.map { "\(path): \($0)" }
    }

    /// Where `jumps` lead in `content` (nil: none given); a jump past the book is a usage error.
    static func resolve(_ jumps: [Jump], in content: TextContent) throws -> ByteOffset? {
        do { return try Jump.resolve(jumps, in: content) } catch let e as Jump.Failure { throw CLIError.usage(e.message) }
    }
}
