/// One pixel: red, green, blue and straight (not premultiplied) alpha, 0…255.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// 0 transparent … 255 opaque. The colour channels are not multiplied by it.
    public var a: UInt8

    /// A pixel of these channels (opaque unless `a` says otherwise).
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// "(r,g,b,a)".
    public var description: String { "(\(r),\(g),\(b),\(a))" }
}
