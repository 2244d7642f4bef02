import TextContent

/// A book's metadata without parsing the book, for `reader add`: an EPUB's
/// `container.xml` and package document (OPF) only — no content document, no navigation
/// document — a TXT's first 16 KiB, an FB2's `<description>` (`FB2Reader.metadata`); other
/// formats are read whole.
public enum BookInfoReader {
    /// Bytes of a TXT file read for its title and author.
    public static let textHeadBytes = 16 << 10

    /// The file's metadata (title, authors, language, format). Throws a `BookError` when
    /// the file cannot be read or parsed.
    public static func read(path: String) throws -> BookMetadata {
        try BookLoader.checkFile(path: path)
        guard let head = FileHead.read(path, count: textHeadBytes) else {
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
        if head.isEmpty { throw BookError.empty(path: path) }
        switch FormatSniffer.detect(head: Array(head.prefix(FormatSniffer.headBytes)), path: path) {
        case .epub: return try epub(path: path)
        case .text: return try text(wholeLines(head, truncated: head.count == textHeadBytes), path: path)
        case .fb2, .fb2Zip: return try FB2Reader.metadata(path: path)
        case .mobi, .html, .markdown:
            // Their metadata sits in the file itself (EXTH, <head>):
            // reading the book is the way to it.
            return try BookLoader.load(path: path, options: BookLoadOptions(threads: 1)).metadata
        }
    }

    /// `head` up to the end of its last line when the file goes on after it: 16 KiB can
    /// end inside a multibyte character (Shift_JIS, GBK), which detection would take for
    /// an error. A line feed is never part of such a character; in UTF-16/32 the zero
    /// bytes after it stay with it.
    static func wholeLines(_ head: [UInt8], truncated: Bool) -> [UInt8] {
        guard truncated, let lf = head.lastIndex(of: 0x0A) else { return head }
        var end = lf + 1
        while end < head.count && head[end] == 0 && end - lf < 4 { end += 1 }
        return Array(head[..<end])
    }

    /// Container and OPF → metadata.
    static func epub(path: String) throws -> BookMetadata {
        let zip = try ZipArchive(path: path)
        guard zip.contains(EPUBContainer.entryName) else {
            throw BookError.invalidEPUB(path: path, reason: "META-INF/container.xml is missing")
        }
        let rootfiles = try EPUBContainer.rootfiles(in: try zip.read(EPUBContainer.entryName), epubPath: path)
        guard let opfPath = rootfiles.first(where: { zip.contains($0) }) else {
            throw BookError.invalidEPUB(path: path, reason: "META-INF/container.xml names no package document that exists")
        }
        let opf = try EPUBPackageDocument(data: try zip.read(opfPath), opfPath: opfPath, epubPath: path)
        let title = opf.title.map(TextSanitizer.sanitizeLabel).flatMap { $0.isEmpty ? nil : $0 } ?? PlainTextReader.fileStem(path)
        return BookMetadata(title: title, authors: opf.authors.map(TextSanitizer.sanitizeLabel),
                            language: TextSanitizer.sanitizeLabel(opf.language), format: .epub, encoding: "UTF-8",
                            direction: opf.direction, version: opf.version, cover: opf.coverPath)
    }

    /// The first KiB of a TXT → title and authors (`BookInfoGuesser`), else the file name.
    static func text(_ head: [UInt8], path: String) throws -> BookMetadata {
        let (decoded, _) = try TextDecoding.decode(head, name: path, override: nil)
        let lines = PlainTextReader.firstTrimmedLines(decoded, count: 60)
        let guess = BookInfoGuesser.titleAndAuthors(firstLines: lines)
        let title = guess.title.map(TextSanitizer.sanitizeLabel).flatMap { $0.isEmpty ? nil : $0 } ?? PlainTextReader.fileStem(path)
        let (language, direction) = BookInfoGuesser.language(of: decoded.utf8)
        return BookMetadata(title: title, authors: guess.authors.map(TextSanitizer.sanitizeLabel), language: language,
                            format: .txt, encoding: decoded.encoding.displayName, direction: direction)
    }
}
