import Support
import TextContent

/// A Markdown file (CommonMark + GitHub tables, strikethrough, footnotes) → `TextContent`:
/// rendered to HTML by cmark-gfm (`MarkdownRenderer`) and walked like an EPUB document;
/// headings are the chapters. A YAML front-matter block (`MarkdownFrontMatter`) gives the
/// title, authors and language and is not shown; else the title is the first heading.
public enum MarkdownReader {
    /// Largest Markdown file read (64 MiB: cmark holds the whole tree, several times the text).
    public static let maxFileSize = 64 << 20

    /// Reads the file at `path`.
    public static func read(path: String) throws -> TextContent {
        let bytes = try SingleDocumentBook.readFile(path, format: "Markdown", limit: maxFileSize)
        return try read(bytes: bytes, path: path)
    }

    /// Reads Markdown held in memory; `path` names it in errors and links.
    public static func read(bytes: [UInt8], path: String) throws -> TextContent {
        guard !bytes.isEmpty else { throw BookError.empty(path: path) }
        guard bytes.count <= maxFileSize else {
            throw BookError.limitExceeded(path: path, reason: "the file is \(bytes.count >> 20) MiB (limit \(maxFileSize >> 20) MiB for Markdown)")
        }
        let name = FilePath.lastComponent(path)
        var warnings: [String] = []
        let decoded = HTMLDecoding.decodeText(bytes, warnings: &warnings)
        let front = MarkdownFrontMatter(decoded.utf8)
        guard let html = MarkdownRenderer.html(Array(decoded.utf8[front.bodyStart...])) else {
            throw BookError.invalidBook(path: path, format: "Markdown", reason: "cmark could not parse it")
        }
        let metadata = BookMetadata(title: TextSanitizer.sanitizeLabel(front.title), authors: front.authors.map(TextSanitizer.sanitizeLabel),
                                    language: TextSanitizer.sanitizeLabel(front.language), format: .markdown,
                                    encoding: decoded.encoding)
        return try SingleDocumentBook.build(utf8: html, source: name, metadata: metadata, warnings: warnings,
                                            fallbackTitle: PlainTextReader.fileStem(path), path: path, format: "Markdown")
    }
}
