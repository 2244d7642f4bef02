import Synchronization

/// A grapheme cluster stored inline in 16 bytes, so that `Cell` is a plain value with no
/// reference counting: copying, comparing and clearing cells is plain memory work.
///
/// Layout: up to 15 UTF-8 bytes in `lo`/`hi` (little-endian byte order), and the top byte of
/// `hi` holds the length (bits 0–3), a "contains a control character" flag (bit 6) and an
/// "interned" flag (bit 7). Clusters longer than 15 bytes (long emoji ZWJ sequences, stacked
/// combining marks) are interned once in a process-wide table and stored by index, so equal
/// clusters always have equal bits and `==` stays a plain comparison.
public struct PackedGrapheme: Hashable, Sendable {
    var lo: UInt64
    var hi: UInt64

    static let internedFlag: UInt64 = 0x80 << 56
    static let controlFlag: UInt64 = 0x40 << 56

    /// The empty grapheme (used by continuation cells).
    static let empty = PackedGrapheme(lo: 0, hi: 0)
    /// A single space.
    public static let space = PackedGrapheme(ascii: 0x20)

    init(lo: UInt64, hi: UInt64) {
        self.lo = lo
        self.hi = hi
    }

    /// A one-byte ASCII grapheme (`b` < 0x80).
    public init(ascii b: UInt8) {
        lo = UInt64(b)
        hi = 1 << 56
        if b < 0x20 || b == 0x7F { hi |= PackedGrapheme.controlFlag }
    }

    /// The grapheme cluster `s` (one cluster; the caller segments).
    public init(_ s: String) {
        var s = s
        self = s.withUTF8 { PackedGrapheme(bytes: $0) }
    }

    init(_ s: Substring) {
        var s = s
        self = s.withUTF8 { PackedGrapheme(bytes: $0) }
    }

    init(_ c: Character) {
        self.init(String(c))
    }

    /// Packs valid UTF-8 bytes (the caller guarantees validity).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var control = false
        var afterC2 = false
        for b in bytes {
            if b < 0x20 || b == 0x7F || (afterC2 && b >= 0x80 && b <= 0x9F) { control = true }
            afterC2 = (b == 0xC2)
        }
        if n > 15 {
            lo = UInt64(GraphemeTable.intern(String(decoding: bytes, as: UTF8.self)))
            hi = PackedGrapheme.internedFlag | UInt64(15) << 56
        } else {
            var pair: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &pair) { raw in
                if n > 0 { raw.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            }
            lo = UInt64(littleEndian: pair.0)
            hi = UInt64(littleEndian: pair.1) | UInt64(n) << 56
        }
        if control { hi |= PackedGrapheme.controlFlag }
    }

    /// True if the cluster contains a C0 control, DEL or a C1 control (U+0080–U+009F).
    var hasControl: Bool { hi & PackedGrapheme.controlFlag != 0 }
    var isInterned: Bool { hi & PackedGrapheme.internedFlag != 0 }
    var isEmpty: Bool { !isInterned && byteCount == 0 }
    /// Inline length (meaningless when interned).
    var byteCount: Int { Int((hi >> 56) & 0x0F) }

    /// Calls `body` with the UTF-8 bytes.
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if isInterned {
            var s = GraphemeTable.string(at: Int(lo))
            return s.withUTF8 { body($0) }
        }
        var pair = (lo.littleEndian, (hi & 0x00FF_FFFF_FFFF_FFFF).littleEndian)
        let n = byteCount
        return withUnsafeBytes(of: &pair) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n))
        }
    }

    /// The cluster as a String.
    public var string: String {
        if isInterned { return GraphemeTable.string(at: Int(lo)) }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}

/// The process-wide table of clusters longer than 15 UTF-8 bytes. Append-only; each
/// distinct long cluster is stored once.
enum GraphemeTable {
    private struct Storage {
        var strings: [String] = []
        var index: [String: Int] = [:]
    }
    private static let storage = Mutex(Storage())

    static func intern(_ s: String) -> Int {
        storage.withLock { st in
            if let i = st.index[s] { return i }
            st.strings.append(s)
            st.index[s] = st.strings.count - 1
            return st.strings.count - 1
        }
    }

    static func string(at i: Int) -> String {
        storage.withLock { $0.strings[i] }
    }
}
