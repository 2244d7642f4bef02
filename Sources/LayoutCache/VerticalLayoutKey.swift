import Support
import TextContent
import TextLayout

/// What a cache file of vertical columns (issue #23) is a layout *of*: a book's contents,
/// the column height and whether readings are set inline, the structure the columns
/// depend on beyond the text (blocks, readings, upright runs), and the engine's versions.
/// The width is not part of it: a page's width only decides how many columns it shows.
public struct VerticalLayoutKey: Hashable, Sendable {
    /// The book's content hash (as `LayoutCacheKey.bookKey`).
    public let bookKey: String
    /// Rows a column holds.
    public let height: Int
    /// Whether readings (ruby) are set inline after their bases.
    public let readings: Bool
    /// `structureDigest(of:)` of the book laid out.
    public let structure: UInt64
    /// `TextLayout.engineVersion`, `TextLayout.unicodeVersion` and
    /// `TextLayout.dictionaryVersion` at the time of layout.
    public let engineVersion: Int, unicodeVersion: String, dictionaryVersion: String

    /// A key for the current engine, Unicode data and ICU.
    public init(bookKey: String, height: Int, readings: Bool, structure: UInt64,
                engineVersion: Int = TextLayout.engineVersion, unicodeVersion: String = TextLayout.unicodeVersion,
                dictionaryVersion: String = TextLayout.dictionaryVersion) {
        self.bookKey = bookKey
        self.height = height
        self.readings = readings
        self.structure = structure
        self.engineVersion = engineVersion
        self.unicodeVersion = unicodeVersion
        self.dictionaryVersion = dictionaryVersion
    }

    /// A key for `content`, its structure digest computed.
    public init(bookKey: String, height: Int, readings: Bool, content: TextContent) {
        self.init(bookKey: bookKey, height: height, readings: readings, structure: Self.structureDigest(of: content))
    }

    /// The full key as text, stored in the file header and compared on load; it starts
    /// `reader-vertical;`, so no horizontal layout's identity can equal it.
    public var identity: String {
        "reader-vertical;book=\(bookKey);engine=\(engineVersion);unicode=\(unicodeVersion);icu=\(dictionaryVersion);"
            + "codec=\(VerticalColumnsCodec.formatVersion);height=\(height);readings=\(readings ? 1 : 0);"
            + "structure=\(String(structure, radix: 16));"
    }

    /// FNV-1a 64 of `identity`, as 16 hex digits.
    public var digest: String { LayoutCacheKey.digest(of: identity) }

    /// `<book key>.<digest>.rlc`, in the layout folder with the horizontal layouts (one
    /// size limit and one eviction for both).
    public var fileName: String { LayoutCacheKey.fileName(bookKey: bookKey, digest: digest) }

    /// A digest of what vertical columns depend on besides the text bytes (which the file's
    /// text digest covers): each block's range, kind and list marker, each reading's base
    /// and text, and the upright (tate-chū-yoko) runs. A parser change that alters any of
    /// them names another file.
    public static func structureDigest(of content: TextContent) -> UInt64 {
        var d = Digest()
        for block in content.blocks {
            d.mix(UInt64(block.range.lowerBound.rawValue) << 32 | UInt64(block.range.upperBound.rawValue))
            d.mix(UInt64(block.kind.rawValue))
            if let marker = block.marker { d.combine(contentsOf: marker.text.utf8) }
        }
        for ruby in content.rubies {
            d.mix(UInt64(ruby.base.lowerBound.rawValue) << 32 | UInt64(ruby.base.upperBound.rawValue))
            d.mix(UInt64(ruby.reading.lowerBound) << 32 | UInt64(ruby.reading.upperBound))
        }
        d.combine(contentsOf: content.rubyText)
        for run in content.styles where run.style == .upright {
            d.mix(UInt64(run.range.lowerBound.rawValue) << 32 | UInt64(run.range.upperBound.rawValue))
        }
        return d.value
    }
}
