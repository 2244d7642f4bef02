import BookFormats

/// Exit codes of `reader` (documented in docs/CLI.md and `reader --help`).
enum ExitCode: Int32 {
    /// Success.
    case ok = 0
    /// Internal error (a bug): please report.
    case internalError = 1
    /// Bad command line.
    case usage = 2
    /// The book file is missing or unreadable.
    case unreadable = 3
    /// The file is not a book we can read (not a zip, broken EPUB, empty, no readable text).
    case invalidBook = 4
    /// A TXT file could not be decoded, or an unknown encoding was named.
    case undecodable = 5
    /// A safety limit was hit (zip bomb, oversized entry, …).
    case limitExceeded = 6
    /// Writing the output failed (other than a closed pipe).
    case outputFailed = 7
    /// `reader notes import`: the file is not a notes file this reader can read.
    case invalidNotes = 9
    /// `reader define`: a word is in no dictionary, or there is no dictionary.
    case notFound = 8
    /// A C library the reader loads on first use (libxml2, libzip, libhyphen, …) is missing
    /// or broken. Never returned from Swift: `CLazyLoad` exits with it (`LAZY_LOAD_EXIT_STATUS`),
    /// after one line naming the library and its Debian package.
    case missingLibrary = 10
}

/// An error the command line reports to the user as one line.
enum CLIError: Error {
    /// Bad usage; the message says what.
    case usage(String)
    /// A book could not be opened.
    case book(BookError)
    /// Any other failure with its exit code.
    case other(String, ExitCode)

    var message: String {
        switch self {
        case .usage(let m): return "\(m) (see 'reader --help')"
        case .book(let e): return e.message
        case .other(let m, _): return m
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .other(_, let c): return c
        case .book(let e):
            switch e {
            case .unreadable: return .unreadable
            case .empty, .notAnArchive, .invalidEPUB, .invalidBook, .drmProtected, .noReadableContent: return .invalidBook
            case .undecodable, .unknownEncoding: return .undecodable
            case .limitExceeded: return .limitExceeded
            }
        }
    }
}
