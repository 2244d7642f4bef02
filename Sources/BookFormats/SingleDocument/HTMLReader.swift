import Support
import TextContent

/// A single HTML or XHTML file (a saved Project Gutenberg book, an exported document) →
/// `TextContent`: decoded to UTF-8 (`HTMLDecoding`), walked like an EPUB document,
/// chapters from its headings; title from `<title>`, authors and language from the head
/// (`HTMLHeadMetadata`). Links to `#id` inside the file are followed; images are shown
/// as `[image: alt]` blocks.
public enum HTMLReader {
    /// Reads the file at `path`.
    public static func read(path: String) throws -> TextContent {
        try read(bytes: try SingleDocumentBook.readFile(path, format: "HTML"), path: path)
    }

    /// Reads an HTML document held in memory; `path` names it in errors and links.
    public static func read(bytes: [UInt8], path: String) throws -> TextContent {
        guard !bytes.isEmpty else { throw BookError.empty(path: path) }
        let name = FilePath.lastComponent(path)
        var warnings: [String] = []
        let decoded = HTMLDecoding.decode(bytes, warnings: &warnings)
        let head = HTMLHeadMetadata(decoded.utf8)
        let isXHTML = FormatSniffer.firstElementName(Array(decoded.utf8.prefix(FormatSniffer.headBytes))) == "html"
            && decoded.utf8.prefix(256).starts(with: Array("<?xml".utf8))
        let metadata = BookMetadata(title: "", authors: head.authors.map(TextSanitizer.sanitizeLabel),
                                    language: TextSanitizer.sanitizeLabel(head.language), format: .html, encoding: decoded.encoding,
                                    version: isXHTML ? "XHTML" : "HTML")
        return try SingleDocumentBook.build(utf8: decoded.utf8, source: name, metadata: metadata, warnings: warnings,
                                            fallbackTitle: PlainTextReader.fileStem(path), path: path, format: "HTML")
    }
}
