import CICUBreak

/// The scripts of UAX #14 class SA whose words ICU finds with a dictionary, each with the
/// language of its line-break iterator. Other SA scripts (Tai Tham, Tai Le, New Tai Lue,
/// Tai Viet, Ahom…) have no dictionary in ICU and keep LB1's AL: they break at spaces.
enum DictionaryScript: CaseIterable, Sendable {
    /// U+0E00…U+0E7F, locale `th`.
    case thai
    /// U+0E80…U+0EFF, locale `lo`.
    case lao
    /// U+1780…U+17FF and Khmer Symbols U+19E0…U+19FF, locale `km`.
    case khmer
    /// U+1000…U+109F and Myanmar Extended-A/-B (U+AA60…U+AA7F, U+A9E0…U+A9FF), locale `my`.
    case myanmar

    /// The script of a code point, or nil outside the four (by block: only SA code points
    /// are asked, so the blocks' other characters do not matter).
    @inline(__always)
    init?(_ codePoint: UInt32) {
        switch codePoint {
        case 0x0E00...0x0E7F: self = .thai
        case 0x0E80...0x0EFF: self = .lao
        case 0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: self = .myanmar
        case 0x1780...0x17FF, 0x19E0...0x19FF: self = .khmer
        default: return nil
        }
    }

    /// The version of the ICU whose dictionaries find the breaks ("72.1"): part of the
    /// layout cache key (another ICU may move breaks inside SA runs).
    static let icuVersion: String = {
        var buffer = [CChar](repeating: 0, count: 32)
        reader_icu_version(&buffer)
        return String(cString: buffer)
    }()

    /// The script number of the C shim (`READER_ICU_THAI`…).
    var icuScript: Int32 {
        switch self {
        case .thai: return Int32(READER_ICU_THAI)
        case .lao: return Int32(READER_ICU_LAO)
        case .khmer: return Int32(READER_ICU_KHMER)
        case .myanmar: return Int32(READER_ICU_MYANMAR)
        }
    }
}
