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
