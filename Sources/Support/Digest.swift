/// FNV-1a 64, the one hash of the project: cache checksums, cache key digests, text
/// digests and the content keys of books (state files and cache file names).
///
/// Two ways to feed bytes, each written once:
/// * `combine(_:)` — byte-wise FNV-1a 64 (xor a byte, multiply by the prime), the
///   published algorithm: `Digest.fnv1a64("a".utf8)` is `0xaf63dc4c8601ec8c`;
/// * `combineWords(_:)` — the fast variant for megabytes: one xor–multiply per 8-byte
///   little-endian word followed by an xor-shift (`h ^= h >> 29`) to bring the high bits
///   down, then the tail bytes byte-wise (about 8× faster). Not FNV-1a's values.
///
/// `mix(_:)` folds in one 64-bit value in a single step (a length, say). Values are
/// persisted in files and file names: **never change what any of these compute**.
/// Integrity checks, not defences against crafted collisions.
public struct Digest: Hashable, Sendable {
    /// FNV-1a 64's offset basis, the value of an empty digest.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a 64's prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The running state (FNV's `h`).
    @usableFromInline var state: UInt64

    /// The digest of everything combined so far.
    @inlinable public var value: UInt64 { state }

    /// An empty digest (`value == offsetBasis`).
    @inlinable public init() { state = Digest.offsetBasis }

    /// A digest continuing from a running state.
    @usableFromInline init(state: UInt64) { self.state = state }

    /// Combines one byte (one FNV-1a step).
    @inlinable public mutating func combine(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* Digest.prime
    }

    /// Combines bytes one at a time (FNV-1a).
    @inlinable public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var h = state
        for b in bytes { h = (h ^ UInt64(b)) &* Digest.prime }
        state = h
    }

    /// Combines bytes one at a time (FNV-1a), from any sequence.
    @inlinable public mutating func combine<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { combine(UnsafeRawBufferPointer($0)) }
        if done == nil { for b in bytes { combine(b) } }
    }

    /// Combines bytes word-wise, the fast variant: each whole 8-byte little-endian word in
    /// one xor–multiply then `h ^= h >> 29`, then the remaining 0–7 bytes as `combine`.
    @inlinable public mutating func combineWords(_ bytes: UnsafeRawBufferPointer) {
        var h = state
        let words = bytes.count / 8
        for i in 0..<words { h = Digest.wordStep(h, bytes, at: i &* 8) }
        for i in (words * 8)..<bytes.count { h = (h ^ UInt64(bytes[i])) &* Digest.prime }
        state = h
    }

    /// One word of `combineWords`: the little-endian 8 bytes at `offset` xor–multiplied into
    /// `h`, then `h ^= h >> 29`. `words(_:andOf:)` steps with it too: both must agree.
    @inlinable @inline(__always)
    static func wordStep(_ h: UInt64, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        let m = (h ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* prime
        return m ^ (m >> 29)
    }

    /// Folds in a whole 64-bit value in one xor–multiply (e.g. a length after the bytes).
    @inlinable public mutating func mix(_ v: UInt64) {
        state = (state ^ v) &* Digest.prime
    }

    /// `value` as 16 lowercase hex digits, zero-padded.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// FNV-1a 64 of `bytes`.
    @inlinable public static func fnv1a64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var d = Digest()
        d.combine(bytes)
        return d.value
    }

    /// FNV-1a 64 of any bytes (an array, a slice, a string's `utf8`).
    @inlinable public static func fnv1a64<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var d = Digest()
        d.combine(contentsOf: bytes)
        return d.value
    }

    /// The word-wise digest of `bytes` with their count mixed in last: `combineWords`, then
    /// `mix(count)`. The text digest of the layout cache and the checksum of the content
    /// cache.
    @inlinable public static func words(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var d = Digest()
        d.combineWords(bytes)
        d.mix(UInt64(bytes.count))
        return d.value
    }

    /// `words(bytes)` and `words` of the bytes `part` of it, in one pass: where the part's
    /// words lie, each step feeds both running states (two independent multiply chains the
    /// processor overlaps), so both cost about what the whole alone does. The content cache
    /// checks its file and learns its text's digest this way.
    public static func words(_ bytes: UnsafeRawBufferPointer, andOf part: Range<Int>) -> (all: UInt64, part: UInt64) {
        precondition(part.lowerBound >= 0 && part.upperBound <= bytes.count, "part outside the bytes")
        @inline(__always) func step(_ h: UInt64, _ offset: Int) -> UInt64 { wordStep(h, bytes, at: offset) }
        let allWords = bytes.count / 8, partWords = part.count / 8
        var all = offsetBasis, inPart = offsetBasis
        var k = 0, m = 0
        let together = min(part.lowerBound / 8, allWords)
        while k < together { all = step(all, k &* 8); k &+= 1 }
        while k < allWords && m < partWords {
            all = step(all, k &* 8)
            inPart = step(inPart, part.lowerBound &+ m &* 8)
            k &+= 1; m &+= 1
        }
        while k < allWords { all = step(all, k &* 8); k &+= 1 }
        while m < partWords { inPart = step(inPart, part.lowerBound &+ m &* 8); m &+= 1 }
        var whole = Digest(state: all), piece = Digest(state: inPart)
        for i in (allWords * 8)..<bytes.count { whole.combine(bytes[i]) }
        for i in (part.lowerBound + partWords * 8)..<part.upperBound { piece.combine(bytes[i]) }
        whole.mix(UInt64(bytes.count))
        piece.mix(UInt64(part.count))
        return (whole.value, piece.value)
    }
}
