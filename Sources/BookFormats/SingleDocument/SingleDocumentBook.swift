import Support
import TextContent

/// A book that is one markup document (an HTML file, a rendered Markdown file): walked
/// with the EPUB content walker, so styles, lists, tables, notes, verse, links and ruby
/// behave as in an EPUB; chapters and contents from its headings (`HeadingChapters`).
enum SingleDocumentBook {
    /// Largest file read (256 MiB, an EPUB entry's limit).
    static let maxFileSize = 256 << 20

    /// Reads `path` whole, refusing files over `limit` before reading them (`format` names
    /// the format in the error).
    static func readFile(_ path: String, format: String, limit: Int = maxFileSize) throws -> [UInt8] {
        try BookLoader.checkFile(path: path)
        if let size = FileSystem.size(path), size > limit {
            throw BookError.limitExceeded(path: path, reason: "the file is \(size >> 20) MiB (limit \(limit >> 20) MiB for \(format))")
        }
        guard let data = FileHead.read(path, count: limit + 1) else {
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
        if data.isEmpty { throw BookError.empty(path: path) }
        if data.count > limit {
            throw BookError.limitExceeded(path: path, reason: "the file is over \(limit >> 20) MiB (limit for \(format))")
        }
        return data
    }

    /// What walking the document gave: the builder and what the walker saw.
    private struct Walked {
        var builder: TextContentBuilder
        var headings: [WalkedHeading]
        var documentTitle: String?
    }

    /// Walks `utf8` into a builder. The walker is gone when this returns, so the builder's
    /// buffers have one owner again (a second one would make every later change copy them).
    private static func walk(_ utf8: [UInt8], source: String, metadata: BookMetadata, warnings: [String]) -> Walked? {
        var builder = TextContentBuilder(metadata: metadata)
        for w in warnings { builder.warn(w) }
        builder.reserveCapacity(utf8.count)
        builder.defineTarget(source)
        let walker = XHTMLWalker(builder: builder, entryPath: source)
        walker.collectsHeadings = true
        guard utf8.withUnsafeBufferPointer({ walker.parse($0) }) else { return nil }
        return Walked(builder: walker.takeBuilder(), headings: walker.headings, documentTitle: walker.documentTitle)
    }

    /// Walks the UTF-8 document `utf8` into a book with `metadata` (an empty title becomes
    /// the document's `<title>`, else its first heading of the highest rank, else
    /// `fallbackTitle`; an empty language is guessed from the text). `source` names the
    /// document in the source map and in link keys (`source#id`).
    static func build(utf8: [UInt8], source: String, metadata: BookMetadata, warnings: [String],
                      fallbackTitle: String, path: String, format: String) throws -> TextContent {
        guard var walked = walk(utf8, source: source, metadata: metadata, warnings: warnings) else {
            throw BookError.invalidBook(path: path, format: format, reason: "the document could not be parsed")
        }
        if walked.builder.metadata.title.isEmpty {
            let top = walked.headings.map(\.level).min()
            let title = walked.documentTitle ?? walked.headings.first { $0.level == top }?.title ?? fallbackTitle
            walked.builder.metadata.title = TextSanitizer.sanitizeLabel(title)
        }
        guard walked.builder.bytes.contains(where: { $0 > 0x20 }) else {
            throw BookError.noReadableContent(path: path, reason: "the \(format) file has no text")
        }
        if walked.builder.metadata.language.isEmpty {
            // Guessed from the text, not the markup (whose tags are all Latin letters).
            (walked.builder.metadata.language, walked.builder.metadata.direction) =
                BookInfoGuesser.language(of: Array(walked.builder.bytes.prefix(256 << 10)))
        }
        HeadingChapters.assign(to: &walked.builder, headings: walked.headings, source: source)
        return walked.builder.finish()
    }
}
