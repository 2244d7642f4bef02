import TextContent

/// The natural rhythm of the reveal: extra time, in units (one unit = one grapheme's
/// time), before the grapheme that follows a sentence end or starts a new paragraph.
/// Measured in units, the pauses scale with the rate: at 30 cps a sentence pause of 8
/// units is 0.27 s, a paragraph pause of 20 units 0.67 s.
public struct RevealRhythm: Hashable, Sendable {
    /// Extra units after a sentence ends.
    public var sentencePause: Double
    /// Extra units before a paragraph (a block) starts on the page.
    public var paragraphPause: Double

    /// Creates a rhythm.
    public init(sentencePause: Double = 8, paragraphPause: Double = 20) {
        self.sentencePause = sentencePause
        self.paragraphPause = paragraphPause
    }

    /// No pauses at all (`--no-pauses`): every grapheme costs one unit.
    public static let none = RevealRhythm(sentencePause: 0, paragraphPause: 0)

    /// Whether a cluster ends a sentence: its last scalar is a sentence terminator
    /// (. ! ? … ‼ ⁇ ⁈ ⁉ and the full-width 。！？．｡). The pause is only taken when a
    /// space, a paragraph end or — after a full-width terminator — anything follows
    /// (`3.14` and `e.g.x` do not pause); closing quotes and brackets right after the
    /// terminator are revealed before the pause (see `isCloser`).
    public static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E, 0x21, 0x3F, 0x2026, 0x203C, 0x2047, 0x2048, 0x2049: return true
        default: return isFullWidthTerminator(scalar)
        }
    }

    /// 。！？．｡ — the pause follows them even without a space (CJK has none).
    public static func isFullWidthTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3002, 0xFF01, 0xFF1F, 0xFF0E, 0xFF61: return true
        default: return false
        }
    }

    /// Closing quotes and brackets that stay with the sentence before the pause:
    /// " ' ) ] } ” ’ » › 」 』 】 〉 》 ）.
    public static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x22, 0x27, 0x29, 0x5D, 0x7D, 0x201D, 0x2019, 0xBB, 0x203A,
             0x300D, 0x300F, 0x3011, 0x3009, 0x300B, 0xFF09: return true
        default: return false
        }
    }
}
