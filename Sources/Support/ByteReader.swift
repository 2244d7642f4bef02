/// Reads a binary encoding written by `ByteWriter`, never past its end: every sequential
/// read is bounds-checked and throws a `ByteReader.Error` on damaged input (truncated,
/// an overlong varint, a count larger than the bytes left, bad UTF-8); the random-access
/// `littleEndian(_:at:)` returns nil instead. Nothing traps, whatever the bytes.
///
/// The reader does not own the bytes: it is a cursor over a buffer that must outlive it
/// (use it inside `withUnsafeBytes`).
public struct ByteReader {
    /// Why a read failed.
    public enum Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        /// The input ends before the value does.
        case truncated
        /// A varint of more than 10 bytes, or whose value does not fit in 64 bits.
        case overlongVarint
        /// A count of items that cannot all fit in the bytes left.
        case countTooLarge
        /// A string whose bytes are not valid UTF-8.
        case invalidUTF8

        /// A short description ("truncated", "varint too long", "count", "string not UTF-8").
        public var description: String {
            switch self {
            case .truncated: return "truncated"
            case .overlongVarint: return "varint too long"
            case .countTooLarge: return "count"
            case .invalidUTF8: return "string not UTF-8"
            }
        }
    }

    /// The whole input.
    public let bytes: UnsafeRawBufferPointer
    /// Offset of the next byte to read.
    public var position: Int

    /// A reader of `bytes` starting at `position`.
    @inlinable public init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Bytes left after `position`.
    @inlinable public var remaining: Int { bytes.count - position }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte.
    @inlinable public mutating func byte() throws(Error) -> UInt8 {
        guard position < bytes.count else { throw .truncated }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next `T.bitWidth / 8` bytes as a little-endian integer.
    @inlinable public mutating func littleEndian<T: FixedWidthInteger>(_ type: T.Type) throws(Error) -> T {
        guard let v = littleEndian(type, at: position) else { throw .truncated }
        position += T.bitWidth / 8
        return v
    }

    /// The little-endian integer at `offset` (not moving `position`), or nil if it does
    /// not lie wholly inside the input.
    @inlinable public func littleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T? {
        guard offset >= 0, offset <= bytes.count - T.bitWidth / 8 else { return nil }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The next unsigned LEB128 varint (see `ByteWriter.appendVarint`). Throws
    /// `.overlongVarint` for more than 10 bytes or a value beyond 64 bits.
    @inlinable public mutating func varint() throws(Error) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            // The 10th byte holds bit 63 only.
            guard shift < 63 || (shift == 63 && b <= 1) else { throw .overlongVarint }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// The next zigzag varint (see `ByteWriter.appendZigzag`).
    @inlinable public mutating func zigzag() throws(Error) -> Int64 {
        ByteReader.unzigzag(try varint())
    }

    /// A varint count of items of at least `elementSize` bytes each, checked to fit in the
    /// bytes left (so a damaged count can never make the caller reserve gigabytes).
    @inlinable public mutating func count(elementSize: Int) throws(Error) -> Int {
        let n = try varint()
        guard n <= UInt64(remaining / max(1, elementSize)) else { throw .countTooLarge }
        return Int(n)
    }

    /// Skips the next `n` bytes and returns their offsets in `bytes`.
    @inlinable public mutating func take(_ n: Int) throws(Error) -> Range<Int> {
        guard n >= 0, n <= remaining else { throw .truncated }
        defer { position += n }
        return position..<(position + n)
    }

    /// A byte string written by `ByteWriter.appendLengthPrefixed`: its offsets in `bytes`.
    @inlinable public mutating func lengthPrefixed() throws(Error) -> Range<Int> {
        try take(try count(elementSize: 1))
    }

    /// A string written by `ByteWriter.appendString`.
    @inlinable public mutating func string() throws(Error) -> String {
        let range = try lengthPrefixed()
        guard let s = String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw .invalidUTF8
        }
        return s
    }

    /// Whether the next length-prefixed byte string equals `expected` (it is consumed
    /// either way).
    @inlinable public mutating func lengthPrefixedEquals<C: Collection>(_ expected: C) throws(Error) -> Bool
    where C.Element == UInt8 {
        let range = try lengthPrefixed()
        return range.count == expected.count && bytes[range].elementsEqual(expected)
    }

    /// Undoes `ByteWriter.zigzag`.
    @inlinable public static func unzigzag(_ v: UInt64) -> Int64 {
        Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
    }
}
