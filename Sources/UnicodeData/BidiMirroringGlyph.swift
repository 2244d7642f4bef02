import Support

/// Bidi_Mirroring_Glyph (UAX #9 rule L4), from the generated
/// `Generated/BidiMirroringTables.swift` (BidiMirroring.txt).
public enum BidiMirroringGlyph {
    @usableFromInline static let codePoints: [UInt32] = stride(from: 0, to: GeneratedBidiMirroringTables.mirrors.count, by: 2)
        .map { GeneratedBidiMirroringTables.mirrors[$0] }
    @usableFromInline static let glyphs: [UInt32] = stride(from: 0, to: GeneratedBidiMirroringTables.mirrors.count, by: 2)
        .map { GeneratedBidiMirroringTables.mirrors[$0 + 1] }

    /// The mirrored glyph of a code point (e.g. `(` → `)`, `«` → `»`), or nil when
    /// BidiMirroring.txt gives none.
    public static func glyph(of codePoint: UInt32) -> UInt32? {
        codePoints.withUnsafeBufferPointer { keys in
            let low = keys.partitioningIndex { $0 >= codePoint }
            return low < keys.count && keys[low] == codePoint ? glyphs[low] : nil
        }
    }

    /// The mirrored glyph of a scalar, or nil.
    public static func glyph(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        glyph(of: scalar.value).flatMap(Unicode.Scalar.init)
    }
}
