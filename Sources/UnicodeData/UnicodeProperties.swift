import CUnicodeTables

/// O(1) lookup of the Unicode properties the layout engine needs, from the generated
/// two-stage table (`Generated/PropertyTables.swift` for the sizes, the data embedded by
/// `CUnicodeTables`).
///
/// A lookup is one load for the BMP (a flattened copy) and two above it: `stage1[cp >> 6]`
/// gives a block, `stage2[block * 64 + cp & 63]` the packed `PropertyRecord`. The tables are
/// read-only data of the program: nothing is decoded at start.
public struct UnicodeProperties: @unchecked Sendable {
    /// The process-wide tables.
    public static let shared = UnicodeProperties()

    @usableFromInline let stage1: UnsafePointer<UInt16>
    @usableFromInline let stage2: UnsafePointer<UInt32>
    /// The Basic Multilingual Plane flattened (65,536 records, 256 KiB): one load instead
    /// of two dependent ones for almost all text.
    @usableFromInline let bmp: UnsafePointer<UInt32>
    @usableFromInline static let shift = UInt32(GeneratedTables.blockShift)
    @usableFromInline static let mask = (UInt32(1) << UInt32(GeneratedTables.blockShift)) - 1

    private init() {
        EmbeddedTables.check(READER_PROPERTIES_STAGE1, bytes: GeneratedTables.stage1Count * 2)
        EmbeddedTables.check(READER_PROPERTIES_STAGE2, bytes: GeneratedTables.stage2Count * 4)
        EmbeddedTables.check(READER_PROPERTIES_BMP, bytes: 0x10000 * 4)
        stage1 = reader_properties_stage1()
        stage2 = reader_properties_stage2()
        bmp = reader_properties_bmp()
    }

    /// The packed properties of a code point (must be ≤ U+10FFFF).
    @inlinable @inline(__always)
    public func record(_ codePoint: UInt32) -> PropertyRecord {
        if codePoint < 0x10000 { return PropertyRecord(raw: bmp[Int(codePoint)]) }
        let block = UInt32(stage1[Int(codePoint >> Self.shift)])
        return PropertyRecord(raw: stage2[Int((block << Self.shift) | (codePoint & Self.mask))])
    }

    /// The packed properties of a scalar.
    @inlinable @inline(__always)
    public func record(_ scalar: Unicode.Scalar) -> PropertyRecord { record(scalar.value) }
}

/// The packed properties of one code point (layout documented in Tools/unicode/generate.py).
public struct PropertyRecord: Hashable, Sendable {
    /// The raw 32-bit record.
    public let raw: UInt32

    /// Wraps a raw record.
    @inlinable public init(raw: UInt32) { self.raw = raw }

    /// Raw UAX #14 Line_Break class (before LB1 resolution).
    @inlinable public var lineBreakRaw: UInt8 { UInt8(truncatingIfNeeded: raw & 0x3F) }
    /// UAX #14 Line_Break class (before LB1 resolution).
    @inlinable public var lineBreak: LineBreakClass { LineBreakClass(rawValue: lineBreakRaw)! }
    /// Raw UAX #29 Grapheme_Cluster_Break value.
    @inlinable public var graphemeBreakRaw: UInt8 { UInt8(truncatingIfNeeded: (raw >> 6) & 0xF) }
    /// UAX #29 Grapheme_Cluster_Break value.
    @inlinable public var graphemeBreak: GraphemeClusterBreak { GraphemeClusterBreak(rawValue: graphemeBreakRaw)! }
    /// Extended_Pictographic (UTS #51).
    @inlinable public var isExtendedPictographic: Bool { raw & (1 << 10) != 0 }
    /// Terminal cell width 0, 1 or 2; 3 for control characters (not printable).
    @inlinable public var cellWidthRaw: Int { Int((raw >> 11) & 3) }
    /// East_Asian_Width is Fullwidth, Wide or Halfwidth (UAX #14 LB30).
    @inlinable public var isEastAsianFWH: Bool { raw & (1 << 13) != 0 }
    /// General_Category is Mn or Mc (UAX #14 LB1 resolution of SA).
    @inlinable public var isCombiningMark: Bool { raw & (1 << 14) != 0 }
    /// General_Category is Cn (unassigned).
    @inlinable public var isUnassigned: Bool { raw & (1 << 15) != 0 }
    /// Emoji_Presentation (UTS #51).
    @inlinable public var isEmojiPresentation: Bool { raw & (1 << 16) != 0 }
    /// Emoji (UTS #51).
    @inlinable public var isEmoji: Bool { raw & (1 << 17) != 0 }
    /// Raw UAX #9 Bidi_Class value.
    @inlinable public var bidiClassRaw: UInt8 { UInt8(truncatingIfNeeded: (raw >> 18) & 0x1F) }
    /// UAX #9 Bidi_Class.
    @inlinable public var bidiClass: BidiClass { BidiClass(rawValue: bidiClassRaw)! }
    /// Default_Ignorable_Code_Point (invisible when unsupported: variation selectors, ZWJ, tags…).
    @inlinable public var isDefaultIgnorable: Bool { raw & (1 << 28) != 0 }
    /// Raw General_Category value.
    @inlinable public var generalCategoryRaw: UInt8 { UInt8(truncatingIfNeeded: (raw >> 23) & 0x1F) }
    /// General_Category.
    @inlinable public var generalCategory: GeneralCategory {
        GeneralCategory(rawValue: UInt8(truncatingIfNeeded: (raw >> 23) & 0x1F))!
    }
}
