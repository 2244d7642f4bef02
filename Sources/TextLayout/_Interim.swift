// TEMPORARY stand-ins until the UAX #14 and UAX #29 work lands. Deleted on merge.
public enum LineBreakStyle: Sendable, Hashable { case strict, normal, loose }
public enum LineBreaks {
    public static func collect(_ bytes: UnsafeBufferPointer<UInt8>, style: LineBreakStyle, into out: inout [Int]) {
        out.removeAll(keepingCapacity: true)
        let s = String(decoding: bytes, as: UTF8.self)
        var off = 0
        for sc in s.unicodeScalars {
            off += String(sc).utf8.count
            if sc == "\n" { out.append((off << 1) | 1) }
            else if sc == " " || sc.value >= 0x3000 { out.append(off << 1) }
        }
        if out.last.map({ $0 >> 1 }) != bytes.count { out.append((bytes.count << 1) | 1) }
    }
}
public struct GraphemeCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var position: Int
    public init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) { self.bytes = bytes; position = start }
    public mutating func next() -> (end: Int, width: Int)? {
        guard position < bytes.count else { return nil }
        let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
        let c = s.first!
        position += String(c).utf8.count
        let v = c.unicodeScalars.first!.value
        let w = v < 0x20 ? 0 : (v >= 0x1100 && (v >= 0x2E80 && v <= 0xFFDC || v >= 0x1F300) ? 2 : 1)
        return (position, w)
    }
}
public enum Graphemes {
    public static func boundaries(in text: String) -> [Int] {
        var out = [0]; var o = 0
        for c in text { o += String(c).utf8.count; out.append(o) }
        return out
    }
}
