import XCTest
import Support
import TestSupport

/// `ByteWriter` and `ByteReader`: exact encodings, round trips, and rejection of damaged
/// input (truncation at every length, overlong varints, impossible counts, bad UTF-8).
final class ByteWriterReaderTests: XCTestCase {
    func written(_ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var w = ByteWriter()
        body(&w)
        return w.bytes
    }

    func read<T>(_ bytes: [UInt8], _ body: (inout ByteReader) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            return try body(&r)
        }
    }

    func testVarintBytes() {
        XCTAssertEqual(written { $0.appendVarint(UInt64(0)) }, [0])
        XCTAssertEqual(written { $0.appendVarint(UInt64(127)) }, [0x7F])
        XCTAssertEqual(written { $0.appendVarint(UInt64(128)) }, [0x80, 0x01])
        XCTAssertEqual(written { $0.appendVarint(300) }, [0xAC, 0x02])
        XCTAssertEqual(written { $0.appendVarint(UInt64.max) }, [UInt8](repeating: 0xFF, count: 9) + [0x01])
    }

    func testZigzagBytes() {
        XCTAssertEqual(written { $0.appendZigzag(0) }, [0])
        XCTAssertEqual(written { $0.appendZigzag(-1) }, [1])
        XCTAssertEqual(written { $0.appendZigzag(1) }, [2])
        XCTAssertEqual(written { $0.appendZigzag(-2) }, [3])
        XCTAssertEqual(written { $0.appendZigzag(Int64.min) }, [UInt8](repeating: 0xFF, count: 9) + [0x01])
        for v: Int64 in [0, 1, -1, 63, -64, 64, .max, .min, .max - 1, .min + 1] {
            XCTAssertEqual(ByteReader.unzigzag(ByteWriter.zigzag(v)), v)
        }
    }

    func testLittleEndianBytesAndPatching() throws {
        var w = ByteWriter()
        w.appendLittleEndian(UInt16(0x0102))
        w.appendLittleEndian(UInt32(0x0304_0506))
        w.appendZeros(8)
        w.setLittleEndian(UInt64(0x0708_090A_0B0C_0D0E), at: 6)
        XCTAssertEqual(w.bytes, [0x02, 0x01, 0x06, 0x05, 0x04, 0x03, 0x0E, 0x0D, 0x0C, 0x0B, 0x0A, 0x09, 0x08, 0x07])
        try read(w.bytes) { r in
            XCTAssertEqual(try r.littleEndian(UInt16.self), 0x0102)
            XCTAssertEqual(try r.littleEndian(UInt32.self), 0x0304_0506)
            XCTAssertEqual(try r.littleEndian(UInt64.self), 0x0708_090A_0B0C_0D0E)
            XCTAssertTrue(r.isAtEnd)
            XCTAssertEqual(r.littleEndian(UInt32.self, at: 2), 0x0304_0506)
            XCTAssertNil(r.littleEndian(UInt64.self, at: 7), "runs past the end")
            XCTAssertNil(r.littleEndian(UInt16.self, at: -1))
            XCTAssertEqual(r.littleEndian(UInt64.self, at: 6), 0x0708_090A_0B0C_0D0E)
        }
    }

    func testRoundTripOfEveryKind() throws {
        var rng = SplitMix64(state: 12)
        var values: [UInt64] = [0, 1, 127, 128, 16383, 16384, UInt64(UInt32.max), UInt64.max, UInt64.max - 1]
        for _ in 0..<500 { values.append(rng.next() >> (rng.next() % 64)) }
        var w = ByteWriter()
        for v in values {
            w.appendVarint(v)
            w.appendZigzag(Int64(bitPattern: v))
            w.appendLittleEndian(UInt32(truncatingIfNeeded: v))
            w.append(UInt8(truncatingIfNeeded: v))
        }
        w.appendString("naïve 東京 😀")
        w.appendLengthPrefixed([1, 2, 3])
        try read(w.bytes) { r in
            for v in values {
                XCTAssertEqual(try r.varint(), v)
                XCTAssertEqual(try r.zigzag(), Int64(bitPattern: v))
                XCTAssertEqual(try r.littleEndian(UInt32.self), UInt32(truncatingIfNeeded: v))
                XCTAssertEqual(try r.byte(), UInt8(truncatingIfNeeded: v))
            }
            XCTAssertEqual(try r.string(), "naïve 東京 😀")
            XCTAssertTrue(try r.lengthPrefixedEquals([1, 2, 3]))
            XCTAssertTrue(r.isAtEnd)
            XCTAssertThrowsError(try r.byte()) { XCTAssertEqual($0 as? ByteReader.Error, .truncated) }
        }
    }

    func testEveryTruncationThrows() throws {
        var w = ByteWriter()
        w.appendVarint(UInt64.max)
        w.appendZigzag(-123_456_789)
        w.appendLittleEndian(UInt64(42))
        w.appendString("hello")
        let full = w.bytes
        for n in 0..<full.count {
            XCTAssertThrowsError(try read(Array(full.prefix(n))) { r -> Void in
                _ = try r.varint(); _ = try r.zigzag(); _ = try r.littleEndian(UInt64.self); _ = try r.string()
            }, "truncated to \(n)") { error in
                // A cut string's length no longer fits: the count check catches it first.
                let expected: ByteReader.Error = n > full.count - 6 ? .countTooLarge : .truncated
                XCTAssertEqual(error as? ByteReader.Error, expected, "at \(n)")
            }
        }
    }

    func testOverlongVarintsAreRejected() throws {
        // 11 bytes.
        XCTAssertThrowsError(try read([UInt8](repeating: 0x80, count: 10) + [0]) { try $0.varint() }) {
            XCTAssertEqual($0 as? ByteReader.Error, .overlongVarint)
        }
        // 10 bytes whose last carries more than bit 63.
        XCTAssertThrowsError(try read([UInt8](repeating: 0xFF, count: 9) + [0x02]) { try $0.varint() }) {
            XCTAssertEqual($0 as? ByteReader.Error, .overlongVarint)
        }
        // Endless continuation bytes.
        XCTAssertThrowsError(try read([UInt8](repeating: 0xFF, count: 100)) { try $0.varint() }) {
            XCTAssertEqual($0 as? ByteReader.Error, .overlongVarint)
        }
        // The longest valid one, and a non-minimal but in-range one.
        XCTAssertEqual(try read([UInt8](repeating: 0xFF, count: 9) + [0x01]) { try $0.varint() }, UInt64.max)
        XCTAssertEqual(try read([0x81, 0x80, 0x00]) { try $0.varint() }, 1)
    }

    func testCountsAreBoundedByTheBytesLeft() throws {
        XCTAssertEqual(try read([3, 0, 0, 0, 0, 0, 0]) { try $0.count(elementSize: 2) }, 3)
        XCTAssertThrowsError(try read([4, 0, 0, 0, 0, 0, 0]) { try $0.count(elementSize: 2) }) {
            XCTAssertEqual($0 as? ByteReader.Error, .countTooLarge)
        }
        XCTAssertThrowsError(try read([0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) { try $0.lengthPrefixed() }) {
            XCTAssertEqual($0 as? ByteReader.Error, .countTooLarge)
        }
        XCTAssertThrowsError(try read([1]) { try $0.take(2) })
        XCTAssertThrowsError(try read([1]) { try $0.take(-1) })
    }

    func testInvalidUTF8IsRejected() {
        XCTAssertThrowsError(try read([2, 0xC3, 0x28]) { try $0.string() }) {
            XCTAssertEqual($0 as? ByteReader.Error, .invalidUTF8)
        }
    }

    func testKeyComparisonConsumesTheString() throws {
        var w = ByteWriter()
        w.appendString("key")
        w.append(9)
        try read(w.bytes) { r in
            XCTAssertFalse(try r.lengthPrefixedEquals(Array("kez".utf8)))
            XCTAssertEqual(try r.byte(), 9)
        }
    }

    func testAppendingToExistingBytes() {
        var w = ByteWriter(appendingTo: [9, 9])
        w.appendVarint(1)
        XCTAssertEqual(w.bytes, [9, 9, 1])
        XCTAssertEqual(w.count, 3)
    }
}
