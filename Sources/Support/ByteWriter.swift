/// Builds a binary encoding in memory: raw bytes, fixed-width little-endian integers,
/// LEB128 varints, zigzag varints for signed values and length-prefixed byte strings.
/// The writing half of `ByteReader`; every cache format is written with it.
///
/// ```swift
/// var w = ByteWriter()
/// w.append(contentsOf: magic)
/// w.appendLittleEndian(UInt16(2))
/// w.appendVarint(300)        // ac 02
/// w.appendZigzag(-1)         // 01
/// w.appendString("key")      // 03 6b 65 79
/// ```
public struct ByteWriter: Sendable {
    /// What has been written so far.
    public var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    @inlinable public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` (lets a container write several encodings into
    /// one buffer).
    @inlinable public init(appendingTo bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bytes written so far.
    @inlinable public var count: Int { bytes.count }

    /// Makes room for `n` more bytes in total.
    @inlinable public mutating func reserveCapacity(_ n: Int) { bytes.reserveCapacity(n) }

    /// Appends one byte.
    @inlinable public mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends raw bytes.
    @inlinable public mutating func append<C: Collection>(contentsOf other: C) where C.Element == UInt8 {
        bytes.append(contentsOf: other)
    }

    /// Appends `n` zero bytes (room for fields filled in later with `setLittleEndian`).
    @inlinable public mutating func appendZeros(_ n: Int) {
        bytes.append(contentsOf: repeatElement(0, count: n))
    }

    /// Appends `value` as `T.bitWidth / 8` bytes, least significant first.
    @inlinable public mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var v = value
        for _ in 0..<(T.bitWidth / 8) {
            bytes.append(UInt8(truncatingIfNeeded: v))
            v = v >> 8
        }
    }

    /// Overwrites the `T.bitWidth / 8` bytes at `offset` with `value`, least significant
    /// first. The bytes must already have been written.
    @inlinable public mutating func setLittleEndian<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        precondition(offset >= 0 && offset + T.bitWidth / 8 <= bytes.count, "setLittleEndian outside the written bytes")
        var v = value
        for k in 0..<(T.bitWidth / 8) {
            bytes[offset + k] = UInt8(truncatingIfNeeded: v)
            v = v >> 8
        }
    }

    /// Appends `value` as an unsigned LEB128 varint: 7 bits a byte, least significant
    /// first, the high bit set on every byte but the last (1 to 10 bytes).
    @inlinable public mutating func appendVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends a non-negative `value` as a varint. (A negative one is written as its 64-bit
    /// two's complement — 10 bytes that a reader's range checks reject; use `appendZigzag`
    /// for signed values.)
    @inlinable public mutating func appendVarint(_ value: Int) {
        appendVarint(UInt64(bitPattern: Int64(value)))
    }

    /// Appends a signed `value` zigzag-encoded (0, -1, 1, -2, … → 0, 1, 2, 3, …) as a
    /// varint, so small negative numbers stay short.
    @inlinable public mutating func appendZigzag(_ value: Int64) {
        appendVarint(ByteWriter.zigzag(value))
    }

    /// Appends a signed `value` zigzag-encoded (see `appendZigzag(_: Int64)`).
    @inlinable public mutating func appendZigzag(_ value: Int) {
        appendZigzag(Int64(value))
    }

    /// Appends a varint byte count, then the bytes.
    @inlinable public mutating func appendLengthPrefixed<C: Collection>(_ other: C) where C.Element == UInt8 {
        appendVarint(other.count)
        bytes.append(contentsOf: other)
    }

    /// Appends a string as a varint byte count and its UTF-8 bytes.
    @inlinable public mutating func appendString(_ string: String) {
        var s = string
        s.withUTF8 { appendLengthPrefixed($0) }
    }

    /// The zigzag mapping of a signed value onto an unsigned one (`ByteReader.unzigzag`
    /// undoes it).
    @inlinable public static func zigzag(_ v: Int64) -> UInt64 {
        UInt64(bitPattern: (v << 1) ^ (v >> 63))
    }
}
