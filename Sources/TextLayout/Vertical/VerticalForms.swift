/// The characters vertical text shows in another form (issue #23, docs/VERTICAL.md): a
/// terminal cannot rotate a glyph, so punctuation and brackets are replaced by their
/// vertical presentation forms (U+FE10–FE19, U+FE30–FE48).
///
/// The table is UnicodeData.txt's `<vertical>` compatibility decompositions read backwards
/// (`︑` U+FE11 decomposes to `、`, so `、` is shown as `︑`; where two forms decompose to one
/// character, the first), extended to the full-width forms whose `<wide>` decomposition is
/// such a character (`（` U+FF08 is `(` wide: `︵`). `VerticalFormsTests` checks it against
/// the UCD. Characters with no vertical form get a documented stand-in (`fallbacks`); small
/// kana and everything else are shown as they are (the font places them in their cell).
public enum VerticalForms {
    /// Base character → its vertical presentation form, from the UCD.
    static let presentationForms: [UInt32: UInt32] = [
        0x002C: 0xFE10, 0x3001: 0xFE11, 0x3002: 0xFE12, 0x003A: 0xFE13, 0x003B: 0xFE14,
        0x0021: 0xFE15, 0x003F: 0xFE16, 0x3016: 0xFE17, 0x3017: 0xFE18, 0x2026: 0xFE19,
        0x2025: 0xFE30, 0x2014: 0xFE31, 0x2013: 0xFE32, 0x005F: 0xFE33, 0x0028: 0xFE35,
        0x0029: 0xFE36, 0x007B: 0xFE37, 0x007D: 0xFE38, 0x3014: 0xFE39, 0x3015: 0xFE3A,
        0x3010: 0xFE3B, 0x3011: 0xFE3C, 0x300A: 0xFE3D, 0x300B: 0xFE3E, 0x3008: 0xFE3F,
        0x3009: 0xFE40, 0x300C: 0xFE41, 0x300D: 0xFE42, 0x300E: 0xFE43, 0x300F: 0xFE44,
        0x005B: 0xFE47, 0x005D: 0xFE48,
        // Full-width forms (`<wide>` of a character above).
        0xFF0C: 0xFE10, 0xFF1A: 0xFE13, 0xFF1B: 0xFE14, 0xFF01: 0xFE15, 0xFF1F: 0xFE16,
        0xFF3F: 0xFE33, 0xFF08: 0xFE35, 0xFF09: 0xFE36, 0xFF5B: 0xFE37, 0xFF5D: 0xFE38,
        0xFF3B: 0xFE47, 0xFF3D: 0xFE48,
    ]

    /// Characters Unicode gives no vertical form that vertical text still turns: the long
    /// vowel mark ー, the horizontal bar ― and the box-drawing line ─ as the vertical em
    /// dash `︱` (U+FE31); the wave dashes 〜 and ～ as the vertical wavy line `︴` (U+FE34);
    /// the midline ellipsis ⋯ as `︙`.
    static let fallbacks: [UInt32: UInt32] = [
        0x30FC: 0xFE31, 0xFF70: 0xFE31, 0x2015: 0xFE31, 0x2500: 0xFE31,
        0x301C: 0xFE34, 0xFF5E: 0xFE34, 0x22EF: 0xFE19,
    ]

    /// The form `scalar` takes in vertical text, or nil when it is shown as it is.
    public static func form(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        (presentationForms[scalar.value] ?? fallbacks[scalar.value]).flatMap(Unicode.Scalar.init)
    }

    /// `cluster` as vertical text shows it: a one-scalar cluster with a vertical form is
    /// that form; any other cluster is unchanged.
    public static func vertical(_ cluster: Substring) -> String {
        let scalars = cluster.unicodeScalars
        guard scalars.count == 1, let form = form(of: scalars.first!) else { return String(cluster) }
        return String(Character(form))
    }
}
