import Foundation
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
///   (`resource00001.jpg`; `MOBIResources`: the book is rebuilt for it).
///
/// Every read is bounded by `maxResourceSize`; errors are `BookError`s naming the book.
public enum BookResources {
    /// The largest resource read (64 MiB, the image decoders' input limit).
    public static let maxResourceSize = 64 << 20

    /// The bytes of `source` in the book at `path` of `format`.
    public static func bytes(of source: String, inBookAt path: String, format: BookFormat) throws -> [UInt8] {
        switch format {
        case .epub:
            let zip = try ZipArchive(path: path)
            guard let found = zip.entry(named: source) else { throw missing(source, path) }
            guard found.entry.size <= UInt64(maxResourceSize) else { throw tooLarge(source, path, Int(found.entry.size)) }
            return try zip.read(found.name)
        case .fb2:
            guard source.hasPrefix("#") else { throw missing(source, path) }
            let document: [UInt8]
            if FormatSniffer.detect(path: path) == .fb2Zip {
                document = try FB2Zip.document(path: path).bytes
            } else {
                document = try SingleDocumentBook.readFile(path, format: "FB2", limit: FB2Reader.maxFileSize)
            }
            guard let data = FB2Binary.find(id: String(source.dropFirst()), in: document, limit: maxResourceSize) else {
                throw missing(source, path)
            }
            return data
        case .html, .markdown:
            let folder = (path as NSString).deletingLastPathComponent
            let file = source.hasPrefix("/") ? source : (folder.isEmpty ? source : folder + "/" + source)
            return try SingleDocumentBook.readFile(file, format: "a resource", limit: maxResourceSize)
        case .mobi:
            guard let data = try MOBIResources.bytes(named: source, path: path, limit: maxResourceSize) else { throw missing(source, path) }
            return data
        case .txt:
            throw missing(source, path)
        }
    }

    private static func missing(_ source: String, _ path: String) -> BookError {
        .noReadableContent(path: path, reason: "\(source) is not in the book")
    }

    private static func tooLarge(_ source: String, _ path: String, _ size: Int) -> BookError {
        .limitExceeded(path: path, reason: "\(source) is \(size >> 20) MiB (limit \(maxResourceSize >> 20) MiB for a resource)")
    }
}
