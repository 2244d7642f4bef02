import Support
import TextContent
import TextLayout

/// What a cache file is a layout *of*: a book's contents, the layout options, and the
/// versions of the layout engine, of the Unicode data and of ICU's break dictionaries. Any change of any part names a
/// different file, so a stale layout can never be found.
public struct LayoutCacheKey: Hashable, Sendable {
    /// The book's content hash (`ContentHash` in ReaderState: FNV-1a 64 of the file + size).
    public let bookKey: String
    /// The options the book was laid out with.
    public let options: LayoutOptions
    /// `TextLayout.engineVersion` at the time of layout.
    public let engineVersion: Int
    /// `TextLayout.unicodeVersion` at the time of layout.
    public let unicodeVersion: String
    /// `TextLayout.dictionaryVersion` (ICU's, for the breaks inside Thai, Lao, Khmer and
    /// Burmese words) at the time of layout; empty leaves it out of the identity.
    public let dictionaryVersion: String

    /// A key for the current engine, Unicode data and ICU.
    public init(bookKey: String, options: LayoutOptions,
                engineVersion: Int = TextLayout.engineVersion, unicodeVersion: String = TextLayout.unicodeVersion,
                dictionaryVersion: String = TextLayout.dictionaryVersion) {
        self.bookKey = bookKey
        self.options = options
        self.engineVersion = engineVersion
        self.unicodeVersion = unicodeVersion
        self.dictionaryVersion = dictionaryVersion
    }

    /// The full key as text, stored in the file header and compared on load:
    /// `reader-layout;book=…;engine=…;unicode=…;icu=…;` (`icu=` only with a dictionary
    /// version) then `LayoutOptions.keyFields`.
    public var identity: String {
        let icu = dictionaryVersion.isEmpty ? "" : "icu=\(dictionaryVersion);"
        return "reader-layout;book=\(bookKey);engine=\(engineVersion);unicode=\(unicodeVersion);\(icu)" + options.keyFields
    }

    /// FNV-1a 64 of `identity`, as 16 hex digits.
    public var digest: String { Self.digest(of: identity) }

    /// The book key reduced to characters safe in a file name.
    var safeBookKey: String { CacheFiles.safeName(bookKey) }

    /// `<book key>.<digest>.rlc`: the book comes first so listings group by book.
    public var fileName: String { Self.fileName(bookKey: bookKey, digest: digest) }

    /// FNV-1a 64 of a key's identity text, as 16 hex digits (lines' and columns' keys).
    static func digest(of identity: String) -> String {
        var d = Digest()
        d.combine(contentsOf: identity.utf8)
        return d.hex
    }

    /// A layout-cache file's name, `<book key>.<digest>.rlc` (lines' and columns' keys).
    static func fileName(bookKey: String, digest: String) -> String {
        "\(CacheFiles.safeName(bookKey)).\(digest)\(LayoutCache.fileExtension)"
    }
}
