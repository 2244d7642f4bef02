import Foundation
import TextContent

/// Options for opening a book.
public struct BookLoadOptions: Sendable {
    /// For TXT: an iconv encoding name that overrides detection.
    public var encoding: String?
    /// For EPUB: how many threads parse the documents (1 = only the calling thread). The
    /// layout cache builder passes 1 and runs several books at once instead.
    public var threads: Int
    /// Creates options.
    public init(encoding: String? = nil, threads: Int = 2) {
        self.encoding = encoding
        self.threads = max(1, threads)
    }
}

/// Opens a book file of any supported format and returns its `TextContent`.
public enum BookLoader {
    /// Reads `path`, sniffing the format from its first bytes (a zip is an EPUB;
    /// anything else is plain text).
    public static func load(path: String, options: BookLoadOptions = BookLoadOptions()) throws -> TextContent {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BookError.unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw BookError.unreadable(path: path, reason: "is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        try? handle.close()
        if head.isEmpty { throw BookError.empty(path: path) }
        let isZip = head.count >= 2 && head[head.startIndex] == 0x50 && head[head.startIndex + 1] == 0x4B
        if isZip || path.lowercased().hasSuffix(".epub") {
            return try EPUBReader.read(path: path, threads: options.threads)
        }
        return try PlainTextReader.read(path: path, encoding: options.encoding)
    }
}
