import CUnicodeTables

/// O(1) lookup of a code point's `ResolvedLineBreakClass`, from the generated two-stage table
/// (`Generated/LineBreakTables.swift`): one byte per code point, UAX #14 LB1 already applied.
///
/// The line breaker reads `stage1`/`stage2`/`ascii` directly in its hot loop; the tables are
/// read-only data of the program (`CUnicodeTables`), only `ascii` is made on first use.
public struct LineBreakClassTable: @unchecked Sendable {
    /// The process-wide table.
    public static let shared = LineBreakClassTable()

    /// Stage 1: `codePoint >> 6` → block number.
    public let stage1: UnsafePointer<UInt16>
    /// Stage 2: `block << 6 | codePoint & 63` → `ResolvedLineBreakClass` raw value.
    public let stage2: UnsafePointer<UInt8>
    /// The resolved classes of U+0000…U+007F (a copy of the first block, for ASCII fast paths).
    public let ascii: UnsafePointer<UInt8>
    /// The last stage-1 index (the block of U+10FFFF).
    public static let lastBlock = GeneratedLineBreakTables.stage1Count - 1
    /// log2 of the block size.
    public static let blockShift = UInt32(GeneratedLineBreakTables.blockShift)

    private init() {
        EmbeddedTables.check(READER_LINE_BREAK_STAGE1, bytes: GeneratedLineBreakTables.stage1Count * 2)
        EmbeddedTables.check(READER_LINE_BREAK_STAGE2, bytes: GeneratedLineBreakTables.stage2Count)
        stage1 = reader_line_break_stage1()
        stage2 = reader_line_break_stage2()
        let low = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        for cp in 0..<128 {
            let block = Int(stage1[cp >> GeneratedLineBreakTables.blockShift])
            low[cp] = stage2[(block << GeneratedLineBreakTables.blockShift) | (cp & ((1 << GeneratedLineBreakTables.blockShift) - 1))]
        }
        ascii = UnsafePointer(low)
    }

    /// The resolved class raw value of a code point (must be ≤ U+10FFFF).
    @inlinable @inline(__always)
    public func classRaw(_ codePoint: UInt32) -> UInt8 {
        let block = UInt32(stage1[Int(codePoint >> Self.blockShift)])
        return stage2[Int((block << Self.blockShift) | (codePoint & 63))]
    }

    /// The resolved class of a code point (must be ≤ U+10FFFF).
    @inlinable public func resolvedClass(_ codePoint: UInt32) -> ResolvedLineBreakClass {
        ResolvedLineBreakClass(rawValue: classRaw(codePoint))!
    }
}
