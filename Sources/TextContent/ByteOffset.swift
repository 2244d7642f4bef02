/// A position in a `TextContent` buffer: a UTF-8 byte offset from the start of the book.
///
/// Every position in the product — reading positions, bookmarks, chapter and block
/// boundaries, line starts — is a `ByteOffset`, so it survives any change of layout width.
public struct ByteOffset: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The offset in bytes.
    public var rawValue: Int

    /// Creates an offset from a raw byte count.
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }
    /// Creates an offset from a raw byte count.
    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
    @inlinable public init(integerLiteral value: Int) { self.rawValue = value }

    /// Offset zero.
    public static let zero = ByteOffset(0)

    @inlinable public static func < (a: ByteOffset, b: ByteOffset) -> Bool { a.rawValue < b.rawValue }
    /// Moves an offset forward by `n` bytes.
    @inlinable public static func + (a: ByteOffset, n: Int) -> ByteOffset { ByteOffset(a.rawValue + n) }
    /// Moves an offset back by `n` bytes.
    @inlinable public static func - (a: ByteOffset, n: Int) -> ByteOffset { ByteOffset(a.rawValue - n) }
    /// The distance in bytes between two offsets.
    @inlinable public static func - (a: ByteOffset, b: ByteOffset) -> Int { a.rawValue - b.rawValue }

    public var description: String { String(rawValue) }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

/// A half-open range of bytes `[lowerBound, upperBound)` in a `TextContent` buffer.
public struct ByteRange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// First byte of the range.
    public var lowerBound: ByteOffset
    /// One past the last byte of the range.
    public var upperBound: ByteOffset

    /// Creates a range; `lowerBound` must not be greater than `upperBound`.
    @inlinable public init(_ lowerBound: ByteOffset, _ upperBound: ByteOffset) {
        precondition(lowerBound <= upperBound, "ByteRange bounds out of order")
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// Creates a range from raw integers.
    @inlinable public init(_ lower: Int, _ upper: Int) {
        self.init(ByteOffset(lower), ByteOffset(upper))
    }

    /// Number of bytes in the range.
    @inlinable public var count: Int { upperBound.rawValue - lowerBound.rawValue }
    /// Whether the range holds no bytes.
    @inlinable public var isEmpty: Bool { lowerBound == upperBound }
    /// Whether `offset` lies inside the range.
    @inlinable public func contains(_ offset: ByteOffset) -> Bool {
        offset >= lowerBound && offset < upperBound
    }
    /// The raw integer range, for slicing byte arrays.
    @inlinable public var intRange: Range<Int> { lowerBound.rawValue..<upperBound.rawValue }
    /// This range moved by `delta` bytes.
    @inlinable public func shifted(by delta: Int) -> ByteRange {
        ByteRange(lowerBound + delta, upperBound + delta)
    }

    public var description: String { "\(lowerBound)..<\(upperBound)" }
}
