import Foundation

/// O(1) lookup of a code point's `ResolvedLineBreakClass`, from the generated two-stage table
/// (`Generated/LineBreakTables.swift`): one byte per code point, UAX #14 LB1 already applied.
///
/// The line breaker reads `stage1`/`stage2`/`ascii` directly in its hot loop; the tables are
/// decoded once, on first use, into unmanaged memory that lives for the whole process.
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
        let s1 = Data(base64Encoded: GeneratedLineBreakTables.stage1Base64, options: .ignoreUnknownCharacters)!
        let s2 = Data(base64Encoded: GeneratedLineBreakTables.stage2Base64, options: .ignoreUnknownCharacters)!
        precondition(s1.count == GeneratedLineBreakTables.stage1Count * 2 && s2.count == GeneratedLineBreakTables.stage2Count,
                     "corrupt generated line-break tables")
        let first = UnsafeMutablePointer<UInt16>.allocate(capacity: GeneratedLineBreakTables.stage1Count)
        s1.withUnsafeBytes { raw in
            for i in 0..<GeneratedLineBreakTables.stage1Count {
                first[i] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self))
            }
        }
        let second = UnsafeMutablePointer<UInt8>.allocate(capacity: GeneratedLineBreakTables.stage2Count)
        s2.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for i in 0..<GeneratedLineBreakTables.stage2Count { second[i] = raw[i] }
        }
        let low = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        for cp in 0..<128 {
            let block = Int(first[cp >> GeneratedLineBreakTables.blockShift])
            low[cp] = second[(block << GeneratedLineBreakTables.blockShift) | (cp & ((1 << GeneratedLineBreakTables.blockShift) - 1))]
        }
        stage1 = UnsafePointer(first)
        stage2 = UnsafePointer(second)
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
