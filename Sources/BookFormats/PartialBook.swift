import Support
import TextContent

/// A big book opened at one place (issue #20): an EPUB's spine documents from there, or a
/// TXT's first part, parsed now — enough text for the first pages — and the whole book
/// parsed later by `readWhole`, on another thread. Each EPUB document's text in `content`
/// is byte for byte its text in the whole book, only where it starts differs
/// (`DocumentPlace` maps between the two); a TXT's start is the whole text's start.
public final class PartialBook: @unchecked Sendable {
    /// The documents parsed so far, one chapter each, no contents.
    public let content: TextContent
    /// The spine indices `content` holds (a TXT: 0..<1 of 2 — its start, and the rest).
    public let documents: Range<Int>
    /// The number of documents in the spine.
    public let documentCount: Int
    /// Whether the book may show pictures (its manifest lists an image).
    public let hasImages: Bool
    private let whole: @Sendable (Int) throws -> TextContent

    /// Markup (declared uncompressed sizes) parsed at least before the first frame, when the
    /// spine has that much from the starting document on (a few pages of text).
    public static let firstPartBytes = 32 << 10
    /// Most documents parsed before the first frame.
    public static let firstPartDocuments = 16
    /// A place this close to its document's start also gets the document before (to turn
    /// back into without waiting).
    static let nearStart = 4096

    /// A TXT's first part read before the first frame (raw bytes of the file).
    public static let textStartBytes = 24 << 10

    private init(content: TextContent, documents: Range<Int>, documentCount: Int, hasImages: Bool,
                 whole: @escaping @Sendable (Int) throws -> TextContent) {
        self.content = content
        self.documents = documents
        self.documentCount = documentCount
        self.hasImages = hasImages
        self.whole = whole
    }

    /// Parses the whole book (EPUB: `EPUBPackage.readAll` on `threads`), as `BookLoader.load`
    /// would.
    public func readWhole(threads: Int = 2) throws -> TextContent {
        try whole(threads)
    }

    /// Opens `path` at `place` (nil: the start), parsing its document (the one before too
    /// when the place is near its start) and the next ones up to `firstPartBytes` of
    /// markup. Nil when the book is neither an EPUB nor a TXT, when its spine holds less
    /// than `minimumBytes` of markup (parsing it whole is as quick), when the place's
    /// document is not in its spine, or when those documents cannot be read (the whole
    /// book's parse then says why).
    ///
    /// A TXT of more than `minimumBytes` opens at its start only (`place` nil, or within
    /// its first part), with `encoding` forced or detected from that part.
    /// - Throws: `BookError` when the file is not a readable EPUB (or TXT) at all.
    public static func open(path: String, at place: DocumentPlace?, minimumBytes: Int, encoding: String? = nil) throws -> PartialBook? {
        switch try? BookLoader.format(of: path) {
        case .epub?: return try openEPUB(path: path, at: place, minimumBytes: minimumBytes)
        case .text?: return try openText(path: path, at: place, minimumBytes: minimumBytes, encoding: encoding)
        default: return nil
        }
    }

    private static func openEPUB(path: String, at place: DocumentPlace?, minimumBytes: Int) throws -> PartialBook? {
        let package = try EPUBPackage(path: path)
        guard package.totalUncompressedSize >= minimumBytes else { return nil }
        let start: Int
        if let place {
            guard let i = package.spineIndex(of: place.source) else { return nil }
            start = i
        } else {
            start = 0
        }
        let range = firstPart(of: package.spine, from: start, withPrevious: (place?.offset ?? 0) < nearStart)
        guard let content = try? package.readDocuments(range) else { return nil }
        return PartialBook(content: content, documents: range, documentCount: package.spine.count, hasImages: package.hasImages) {
            try package.readAll(threads: $0)
        }
    }

    private static func openText(path: String, at place: DocumentPlace?, minimumBytes: Int, encoding: String?) throws -> PartialBook? {
        guard fileSize(path) >= minimumBytes,
              let start = try PlainTextReader.readStart(path: path, bytes: textStartBytes, encoding: encoding) else { return nil }
        // Only a place inside the start can be found there (a TXT is one document).
        if let place, place.source != path || place.offset >= start.bytes.count / 2 { return nil }
        return PartialBook(content: start, documents: 0..<1, documentCount: 2, hasImages: false) { _ in
            try PlainTextReader.read(path: path, encoding: encoding)
        }
    }

    private static func fileSize(_ path: String) -> Int {
        FileSystem.size(path) ?? 0
    }

    /// The documents parsed first: the one before `start` when `withPrevious` (for turning
    /// back), `start`, and the next ones until `firstPartBytes` of markup or
    /// `firstPartDocuments` documents.
    static func firstPart(of spine: [EPUBSpineItem], from start: Int, withPrevious: Bool) -> Range<Int> {
        let lower = withPrevious ? max(0, start - 1) : start
        var upper = start
        var bytes = 0
        while upper < spine.count && upper - lower < firstPartDocuments && (upper == start || bytes < firstPartBytes) {
            bytes += spine[upper].uncompressedSize
            upper += 1
        }
        return lower..<upper
    }

}
