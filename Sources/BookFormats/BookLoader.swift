import Glibc
import TextContent

/// Options for opening a book.
public struct BookLoadOptions: Sendable {
    /// For TXT: an iconv encoding name that overrides detection.
    public var encoding: String?
    /// For EPUB: how many threads parse the documents (1 = only the calling thread). The
    /// layout cache builder passes 1 and runs several books at once instead.
    public var threads: Int
    /// Creates options.
    public init(encoding: String? = nil, threads: Int = 2) {
        self.encoding = encoding
        self.threads = max(1, threads)
    }
}

/// Opens a book file of any supported format and returns its `TextContent`.
public enum BookLoader {
    /// Reads `path`, sniffing the format from its first bytes (`FormatSniffer`): EPUB,
    /// FB2 (or a zip holding one), MOBI/AZW3/PalmDOC, HTML, Markdown, else plain text.
    public static func load(path: String, options: BookLoadOptions = BookLoadOptions()) throws -> TextContent {
        try checkFile(path: path)
        switch try format(of: path) {
        case .epub: return try EPUBReader.read(path: path, threads: options.threads)
        case .fb2: return try FB2Reader.read(path: path)
        case .fb2Zip: return try FB2Reader.readZip(path: path)
        case .mobi: return try MOBIReader.read(path: path)
        case .html: return try HTMLReader.read(path: path)
        case .markdown: return try MarkdownReader.read(path: path)
        case .text: return try PlainTextReader.read(path: path, encoding: options.encoding)
        }
    }

    /// The format of the file at `path`, sniffed from its first bytes (`FormatSniffer`).
    /// Throws `BookError.unreadable` when it cannot be opened, `.empty` when it is empty.
    public static func format(of path: String) throws -> DetectedFormat {
        guard let head = FileHead.read(path, count: FormatSniffer.headBytes) else {
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
        if head.isEmpty { throw BookError.empty(path: path) }
        return FormatSniffer.detect(head: head, path: path)
    }

    /// Checks that `path` names a regular file this process may read, without opening it
    /// (opening a FIFO blocks; `/dev/zero` never ends). Throws `BookError.unreadable` with
    /// "no such file", "is a directory", "not a regular file" or the `errno` text.
    public static func checkFile(path: String) throws {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw BookError.unreadable(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw BookError.unreadable(path: path, reason: "is a directory")
        default: throw BookError.unreadable(path: path, reason: "not a regular file")
        }
        guard access(path, R_OK) == 0 else {
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
    }
}
