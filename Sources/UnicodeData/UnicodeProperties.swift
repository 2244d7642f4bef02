import Foundation

/// O(1) lookup of the Unicode properties the layout engine needs, from the generated
/// two-stage table (`Generated/PropertyTables.swift`).
///
/// A lookup is one load for the BMP (a flattened copy) and two above it: `stage1[cp >> 6]`
/// gives a block, `stage2[block * 64 + cp & 63]` the packed `PropertyRecord`. The tables are decoded once, on first use, into
/// unmanaged memory that lives for the whole process.
public struct UnicodeProperties: @unchecked Sendable {
    /// The process-wide tables.
    public static let shared = UnicodeProperties()

    @usableFromInline let stage1: UnsafeMutablePointer<UInt16>
    @usableFromInline let stage2: UnsafeMutablePointer<UInt32>
    /// The Basic Multilingual Plane flattened (65,536 records, 256 KiB): one load instead
    /// of two dependent ones for almost all text.
    @usableFromInline let bmp: UnsafeMutablePointer<UInt32>
    @usableFromInline static let shift = UInt32(GeneratedTables.blockShift)
    @usableFromInline static let mask = (UInt32(1) << UInt32(GeneratedTables.blockShift)) - 1

    private init() {
        let s1 = Data(base64Encoded: GeneratedTables.stage1Base64, options: .ignoreUnknownCharacters)!
        let s2 = Data(base64Encoded: GeneratedTables.stage2Base64, options: .ignoreUnknownCharacters)!
        let rec = Data(base64Encoded: GeneratedTables.recordsBase64, options: .ignoreUnknownCharacters)!
        precondition(s1.count == GeneratedTables.stage1Count * 2 && s2.count == GeneratedTables.stage2Count * 2
                     && rec.count == GeneratedTables.recordCount * 4, "corrupt generated Unicode tables")
        var records = [UInt32](repeating: 0, count: GeneratedTables.recordCount)
        rec.withUnsafeBytes { raw in
            for i in 0..<records.count { records[i] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
        }
        let first = UnsafeMutablePointer<UInt16>.allocate(capacity: GeneratedTables.stage1Count)
        s1.withUnsafeBytes { raw in
            for i in 0..<GeneratedTables.stage1Count {
                first[i] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self))
            }
        }
        let second = UnsafeMutablePointer<UInt32>.allocate(capacity: GeneratedTables.stage2Count)
        s2.withUnsafeBytes { raw in
            for i in 0..<GeneratedTables.stage2Count {
                second[i] = records[Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self)))]
            }
        }
        stage1 = first
        stage2 = second
        let flat = UnsafeMutablePointer<UInt32>.allocate(capacity: 0x10000)
        for cp in 0..<0x10000 {
            flat[cp] = second[(Int(first[cp >> GeneratedTables.blockShift]) << GeneratedTables.blockShift) | (cp & ((1 << GeneratedTables.blockShift) - 1))]
        }
        bmp = flat
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
