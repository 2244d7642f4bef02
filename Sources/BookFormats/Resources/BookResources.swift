import TextContent

/// The bytes of a resource a book names (an image's `ImageReference.source`), read from
/// the book file itself — or, for an HTML or Markdown book, from the file next to it.
///
/// * EPUB: the container entry, through `ZipArchive` and its limits.
/// * FB2 (and `.fb2.zip`): the `<binary id="…">` whose id the source names (`#id`),
///   base64-decoded (`FB2Binary`).
/// * HTML, Markdown: the file at the source's path relative to the book's folder (a
///   regular file; `http:` and other URLs are not fetched).
/// * MOBI, AZW3: the resource libmobi names so when it rebuilds the book
///   (`resource00001.jpg`; `MOBIResources`: an image is read from its record, without
///   rebuilding the book).
///
/// Every read is bounded by `maxResourceSize`; errors are `BookError`s naming the book.
public enum BookResources {
    /// The largest resource read (64 MiB, the image decoders' input limit).
    public static let maxResourceSize = 64 << 20

    /// The bytes of `source` in the book at `path` of `format`, the book opened for this
    /// one read (`BookResourceReader` keeps it open for many).
    public static func bytes(of source: String, inBookAt path: String, format: BookFormat) throws -> [UInt8] {
        switch format {
        case .epub:
            return try zipEntry(source, in: try ZipArchive(path: path), path: path)
        case .fb2:
            guard source.hasPrefix("#") else { throw missing(source, path) }
            return try fb2Binary(source, in: try fb2Document(path: path), path: path)
        case .html, .markdown:
            let folder = PathNames.folder(path)
            let file = source.hasPrefix("/") ? source : (folder.isEmpty ? source : folder + "/" + source)
            return try SingleDocumentBook.readFile(file, format: "a resource", limit: maxResourceSize)
        case .mobi:
            guard let data = try MOBIResources.bytes(named: source, path: path, limit: maxResourceSize) else { throw missing(source, path) }
            return data
        case .txt:
            throw missing(source, path)
        }
    }

    /// The zip entry `source`, bounded by `maxResourceSize`.
    static func zipEntry(_ source: String, in zip: ZipArchive, path: String) throws -> [UInt8] {
        guard let found = zip.entry(named: source) else { throw missing(source, path) }
        guard found.entry.size <= UInt64(maxResourceSize) else { throw tooLarge(source, path, Int(found.entry.size)) }
        return try zip.read(found.name)
    }

    /// The FB2 document's bytes: an `.fb2.zip`'s document, or the `.fb2` file.
    static func fb2Document(path: String) throws -> [UInt8] {
        if FormatSniffer.detect(path: path) == .fb2Zip { return try FB2Zip.document(path: path).bytes }
        return try SingleDocumentBook.readFile(path, format: "FB2", limit: FB2Reader.maxFileSize)
    }

    /// The decoded `<binary>` that `source` (`#id`) names in an FB2 document.
    static func fb2Binary(_ source: String, in document: [UInt8], path: String) throws -> [UInt8] {
        guard let data = FB2Binary.find(id: String(source.dropFirst()), in: document, limit: maxResourceSize) else {
            throw missing(source, path)
        }
        return data
    }

    static func missing(_ source: String, _ path: String) -> BookError {
        .noReadableContent(path: path, reason: "\(source) is not in the book")
    }

    static func tooLarge(_ source: String, _ path: String, _ size: Int) -> BookError {
        .limitExceeded(path: path, reason: "\(source) is \(size >> 20) MiB (limit \(maxResourceSize >> 20) MiB for a resource)")
    }
}
