import Foundation
import TextContent

/// A big EPUB opened at one place (issue #20): the spine documents from there parsed now —
/// enough text for the first pages — and the whole book parsed later by `readWhole`, on
/// another thread. Each document's text in `content` is byte for byte its text in the
/// whole book; only where it starts differs (`DocumentPlace` maps between the two).
public final class PartialBook: @unchecked Sendable {
    /// The documents parsed so far, one chapter each, no contents.
    public let content: TextContent
    /// The spine indices `content` holds.
    public let documents: Range<Int>
    /// The number of documents in the spine.
    public let documentCount: Int
    /// Whether the book may show pictures (its manifest lists an image).
    public let hasImages: Bool
    private let package: EPUBPackage

    /// Markup (declared uncompressed sizes) parsed at least before the first frame, when the
    /// spine has that much from the starting document on (a few pages of text).
    public static let firstPartBytes = 32 << 10
    /// Most documents parsed before the first frame.
    public static let firstPartDocuments = 16
    /// A place this close to its document's start also gets the document before (to turn
    /// back into without waiting).
    static let nearStart = 4096

    private init(content: TextContent, documents: Range<Int>, package: EPUBPackage) {
        self.content = content
        self.documents = documents
        self.package = package
        documentCount = package.spine.count
        hasImages = package.hasImages
    }

    /// Parses the whole book (`EPUBPackage.readAll`), as `BookLoader.load` would.
    public func readWhole(threads: Int = 2) throws -> TextContent {
        try package.readAll(threads: threads)
    }

    /// Opens `path` at `place` (nil: the start), parsing its document (the one before too
    /// when the place is near its start) and the next ones up to `firstPartBytes` of
    /// markup. Nil when the book
    /// is not an EPUB, when its spine holds less than `minimumBytes` of markup (parsing it
    /// whole is as quick), when `source` is not in its spine, or when those documents
    /// cannot be read (the whole book's parse then says why).
    /// - Throws: `BookError` when the file is not a readable EPUB at all.
    public static func open(path: String, at place: DocumentPlace?, minimumBytes: Int) throws -> PartialBook? {
        guard isEPUB(path) else { return nil }
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
        return PartialBook(content: content, documents: range, package: package)
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

    private static func isEPUB(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: FormatSniffer.headBytes), !head.isEmpty else { return false }
        return FormatSniffer.detect(head: Array(head), path: path) == .epub
    }
}
