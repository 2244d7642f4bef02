import Glibc
import TextContent

/// FictionBook 2 → `TextContent`: `.fb2` files (streamed through libxml2, see
/// `FB2Walker`), `.fb2.zip` archives (`FB2Zip`: the first `.fb2` entry), and documents in
/// memory.
///
/// Errors: a file over `maxFileSize` is `limitExceeded`; a document without a
/// `<FictionBook>` root, without a `<body>` or whose bodies hold no text is
/// `invalidBook(format: "FB2")`, with libxml2's first complaint when it had one.
public enum FB2Reader {
    /// Largest FB2 document read (512 MiB, as for TXT; a zip entry is limited to 256 MiB
    /// by `ZipArchive`).
    public static let maxFileSize = 512 << 20

    /// Reads an `.fb2` file.
    public static func read(path: String) throws -> TextContent {
        try withSource(path: path) { source, size in
            try build(source, path: path, sourceName: fileName(path), sizeHint: size)
        }
    }

    /// Reads a zip holding an `.fb2` document (the first one, with a warning when there are more).
    public static func readZip(path: String) throws -> TextContent {
        let document = try FB2Zip.document(path: path)
        let source = FB2Source(bytes: document.bytes, limit: maxFileSize)
        var content = try build(source, path: path, sourceName: document.name, sizeHint: document.bytes.count,
                                fallbackTitle: fileStem(path))
        if let warning = document.warning { content.warnings.insert(TextSanitizer.sanitizeLabel(warning), at: 0) }
        return content
    }

    /// Reads an FB2 document from memory; `name` names it in errors, the source map and
    /// the fallback title.
    public static func read(bytes: [UInt8], name: String) throws -> TextContent {
        if bytes.count > maxFileSize {
            throw BookError.limitExceeded(path: name, reason: "the document is \(bytes.count >> 20) MiB (limit \(maxFileSize >> 20) MiB for FB2)")
        }
        return try build(FB2Source(bytes: bytes, limit: maxFileSize), path: name, sourceName: fileName(name), sizeHint: bytes.count)
    }

    /// The metadata of an `.fb2` (or `.fb2.zip`), reading no further than `</description>`.
    public static func metadata(path: String) throws -> BookMetadata {
        if isZip(path) {
            let document = try FB2Zip.document(path: path)
            let source = FB2Source(bytes: document.bytes, limit: maxFileSize)
            return try walk(source, path: path, sourceName: document.name, fallbackTitle: fileStem(path), sizeHint: 0,
                            stopsAfterDescription: true).builder.metadata
        }
        return try withSource(path: path) { source, _ in
            try walk(source, path: path, sourceName: fileName(path), fallbackTitle: fileStem(path), sizeHint: 0,
                     stopsAfterDescription: true).builder.metadata
        }
    }

    // MARK: Building

    private static func build(_ source: FB2Source, path: String, sourceName: String, sizeHint: Int,
                              fallbackTitle: String? = nil) throws -> TextContent {
        let walker = try walk(source, path: path, sourceName: sourceName, fallbackTitle: fallbackTitle ?? fileStem(path),
                              sizeHint: sizeHint, stopsAfterDescription: false)
        guard walker.bodies > 0 else {
            throw BookError.invalidBook(path: path, format: "FB2", reason: "no <body>: the document holds no text" + detail(walker))
        }
        var builder = walker.takeBuilder()
        let content = builder.finish()
        guard !content.bytes.isEmpty else {
            throw BookError.invalidBook(path: path, format: "FB2", reason: "its <body> holds no text" + detail(walker))
        }
        return content
    }

    /// Runs the walker over `source`, mapping what went wrong to a `BookError`.
    private static func walk(_ source: FB2Source, path: String, sourceName: String, fallbackTitle: String,
                             sizeHint: Int, stopsAfterDescription: Bool) throws -> FB2Walker {
        let walker = FB2Walker(sourceName: sourceName, fallbackTitle: fallbackTitle, stopsAfterDescription: stopsAfterDescription)
        walker.builder.reserveCapacity(min(sizeHint, maxFileSize))
        let started = walker.parse(source)
        if source.limitHit {
            throw BookError.limitExceeded(path: path, reason: "the file is over \(maxFileSize >> 20) MiB (limit for FB2)")
        }
        if source.readError != 0 { throw BookError.unreadable(path: path, reason: String(cString: strerror(source.readError))) }
        guard started else { throw BookError.invalidBook(path: path, format: "FB2", reason: "the XML parser could not start") }
        guard walker.sawRoot else {
            throw BookError.invalidBook(path: path, format: "FB2", reason: "no <FictionBook> root element" + detail(walker))
        }
        return walker
    }

    /// " (line 3: …)": libxml2's first complaint, when it had one.
    private static func detail(_ walker: FB2Walker) -> String {
        walker.firstMarkupError.map { " (\($0))" } ?? ""
    }

    /// Opens `path`, checks its size, and hands a streaming source to `body`.
    private static func withSource<T>(path: String, _ body: (FB2Source, Int) throws -> T) throws -> T {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BookError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw BookError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        let size = max(0, Int(st.st_size))
        if size > maxFileSize {
            throw BookError.limitExceeded(path: path, reason: "the file is \(size >> 20) MiB (limit \(maxFileSize >> 20) MiB for FB2)")
        }
        if size == 0 { throw BookError.empty(path: path) }
        return try body(FB2Source(fd: fd, limit: maxFileSize), size)
    }

    private static func isZip(_ path: String) -> Bool {
        guard let f = fopen(path, "rb") else { return false }
        defer { fclose(f) }
        var head = [UInt8](repeating: 0, count: 4)
        return fread(&head, 1, 4, f) == 4 && head == [0x50, 0x4B, 0x03, 0x04]
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The file name without `.zip` and `.fb2` (the title when the book names none).
    static func fileStem(_ path: String) -> String {
        var stem = fileName(path)
        for ext in [".zip", ".fb2"] where stem.lowercased().hasSuffix(ext) && stem.count > ext.count {
            stem = String(stem.dropLast(ext.count))
        }
        return stem
    }
}
