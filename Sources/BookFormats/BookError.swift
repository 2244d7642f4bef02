/// Why a book could not be opened. Each case carries the context a user needs; the
/// executable turns it into one line `reader: <file>: <message>` and an exit code.
public enum BookError: Error, Equatable, Sendable {
    /// The file does not exist or cannot be read (`errno` text in `reason`).
    case unreadable(path: String, reason: String)
    /// The file is empty.
    case empty(path: String)
    /// Not a zip archive, or a damaged one (truncated, no central directory…).
    case notAnArchive(path: String, reason: String)
    /// The EPUB's structure is broken: no container.xml, no/malformed OPF, empty spine…
    case invalidEPUB(path: String, reason: String)
    /// An FB2, MOBI, HTML or Markdown file whose structure is broken (`format`: "FB2",
    /// "MOBI", …): not well-formed beyond recovery, truncated Palm database, bad records…
    case invalidBook(path: String, format: String, reason: String)
    /// The book is encrypted (Kindle DRM): it cannot be read, and no attempt is made.
    case drmProtected(path: String)
    /// No chapter of the book could be read.
    case noReadableContent(path: String, reason: String)
    /// A TXT file whose encoding could not be determined or decoded.
    case undecodable(path: String, reason: String)
    /// An encoding name given with `--encoding` that iconv does not know.
    case unknownEncoding(name: String)
    /// A resource limit was hit (zip bomb, entry too large, too deeply nested…).
    case limitExceeded(path: String, reason: String)

    /// One-line human description, without the `reader: ` prefix.
    public var message: String {
        switch self {
        case let .unreadable(p, r): return "\(p): \(r)"
        case let .empty(p): return "\(p): file is empty"
        case let .notAnArchive(p, r): return "\(p): not a valid EPUB (zip) archive: \(r)"
        case let .invalidEPUB(p, r): return "\(p): invalid EPUB: \(r)"
        case let .invalidBook(p, f, r): return "\(p): invalid \(f): \(r)"
        case let .drmProtected(p): return "\(p): DRM-protected: this book cannot be opened"
        case let .noReadableContent(p, r): return "\(p): no readable text: \(r)"
        case let .undecodable(p, r): return "\(p): cannot decode text: \(r)"
        case let .unknownEncoding(n): return "unknown encoding '\(n)' (see iconv --list)"
        case let .limitExceeded(p, r): return "\(p): limit exceeded: \(r)"
        }
    }
}
