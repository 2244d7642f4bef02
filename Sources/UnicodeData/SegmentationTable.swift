import CUnicodeTables

/// One code point's word and sentence boundary properties (UAX #29), packed in 16 bits as
/// `Tools/unicode/generate.py` writes them into `Generated/SegmentationTables.swift`.
public struct SegmentationRecord: Hashable, Sendable {
    /// The packed bits: Word_Break 0–4, Extended_Pictographic 5, Sentence_Break 6–9,
    /// dictionary script 10, letter or number 11.
    public let raw: UInt16

    /// Wraps packed bits.
    @inlinable public init(raw: UInt16) { self.raw = raw }

    /// The Word_Break raw value (`WordBreakProperty`).
    @inlinable public var wordBreakRaw: UInt8 { UInt8(truncatingIfNeeded: raw & 0x1F) }
    /// The Word_Break property.
    @inlinable public var wordBreak: WordBreakProperty { WordBreakProperty(rawValue: wordBreakRaw)! }
    /// Extended_Pictographic (UAX #29 WB3c).
    @inlinable public var isExtendedPictographic: Bool { raw & 0x20 != 0 }
    /// The Sentence_Break raw value (`SentenceBreakProperty`).
    @inlinable public var sentenceBreakRaw: UInt8 { UInt8(truncatingIfNeeded: (raw >> 6) & 0x0F) }
    /// The Sentence_Break property.
    @inlinable public var sentenceBreak: SentenceBreakProperty { SentenceBreakProperty(rawValue: sentenceBreakRaw)! }
    /// Script Han, Hiragana or Katakana (with U+30FC, U+FF70, U+FF9E, U+FF9F), or
    /// Line_Break SA: the code points whose runs ICU's word iterator splits by dictionary.
    @inlinable public var isDictionaryScript: Bool { raw & 0x400 != 0 }
    /// General_Category is a letter (L*) or a number (N*).
    @inlinable public var isLetterOrNumber: Bool { raw & 0x800 != 0 }
}

/// O(1) lookup of a code point's `SegmentationRecord` from the generated two-stage table:
/// stage 1 (`codePoint >> 6` → block), stage 2 (block and low bits → record index), then the
/// record. Read-only data of the program (`CUnicodeTables`): nothing is decoded at start.
public struct SegmentationTable: @unchecked Sendable {
    /// The process-wide table.
    public static let shared = SegmentationTable()

    /// Stage 1: `codePoint >> 6` → block number.
    public let stage1: UnsafePointer<UInt16>
    /// Stage 2: `block << 6 | codePoint & 63` → index into `records`.
    public let stage2: UnsafePointer<UInt8>
    /// The distinct packed records.
    public let records: UnsafePointer<UInt16>
    /// log2 of the block size.
    public static let blockShift = UInt32(GeneratedSegmentationTables.blockShift)

    private init() {
        typealias G = GeneratedSegmentationTables
        EmbeddedTables.check(READER_SEGMENTATION_STAGE1, bytes: G.stage1Count * 2)
        EmbeddedTables.check(READER_SEGMENTATION_STAGE2, bytes: G.stage2Count)
        EmbeddedTables.check(READER_SEGMENTATION_RECORDS, bytes: G.recordCount * 2)
        stage1 = reader_segmentation_stage1()
        stage2 = reader_segmentation_stage2()
        records = reader_segmentation_records()
    }

    /// The record of a code point (must be ≤ U+10FFFF).
    @inlinable @inline(__always)
    public func record(_ codePoint: UInt32) -> SegmentationRecord {
        let block = UInt32(stage1[Int(codePoint >> Self.blockShift)])
        return SegmentationRecord(raw: records[Int(stage2[Int((block << Self.blockShift) | (codePoint & 63))])])
    }
}
