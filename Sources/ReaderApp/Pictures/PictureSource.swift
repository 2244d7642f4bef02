import BookFormats
import Images
import Support
import TextContent

/// The bytes of a book's images, by `ImageReference.source`, read from the book file
/// (`BookResourceReader`), the last few kept so that sizing a picture and then drawing it read
/// the book once; `PicturePixels` forgets a picture's bytes once it has its pixels.
public final class PictureSource: @unchecked Sendable {
    private let read: (String) throws -> [UInt8]
    private var recent: [(source: String, bytes: [UInt8])] = []
    private let lock = Lock()
    /// Bytes kept at most.
    public static let keptBytes = 16 << 20

    /// Images of the book at `path` in `format`, the book opened once for all of them
    /// (`BookResourceReader`).
    public convenience init(bookAt path: String, format: BookFormat) {
        let reader = BookResourceReader(path: path, format: format)
        self.init { try reader.bytes(of: $0) }
    }

    /// Images read by `read` (tests).
    public init(read: @escaping (String) throws -> [UInt8]) {
        self.read = read
    }

    /// The bytes of `source`.
    public func bytes(of source: String) throws -> [UInt8] {
        lock.lock(); defer { lock.unlock() }
        if let i = recent.firstIndex(where: { $0.source == source }) {
            let entry = recent.remove(at: i)
            recent.append(entry)
            return entry.bytes
        }
        let bytes = try read(source)
        recent.append((source, bytes))
        var total = recent.reduce(0) { $0 + $1.bytes.count }
        while total > Self.keptBytes, recent.count > 1 { total -= recent.removeFirst().bytes.count }
        return bytes
    }

    /// Drops the kept bytes of `source` (decoded now: its pixels are kept instead).
    public func forget(_ source: String) {
        lock.lock(); defer { lock.unlock() }
        recent.removeAll { $0.source == source }
    }

    /// One line for a read or decode error.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let e as BookError: return e.message
        case let e as ImageError: return e.description
        default: return "\(error)"
        }
    }
}
