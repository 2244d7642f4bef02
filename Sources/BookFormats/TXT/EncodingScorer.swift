/// Judges how plausible a candidate decoding of a sample is, so that the detector can
/// choose between legacy CJK encodings that all decode the same bytes without error
/// (GBK text is usually valid Big5, EUC-JP and EUC-KR too, and vice versa).
///
/// Each decoded scalar scores points by class, normalised by the number of non-ASCII
/// scalars: characters among the most frequent ones of the candidate's language score
/// high; kana for Japanese and Hangul for Korean score for those encodings; rare or
/// suspicious characters (CJK Extension A, compatibility ideographs, private use, U+FFFD,
/// control characters, half-width katakana, box drawing, Greek and Cyrillic in a CJK
/// text) are penalised. A wrong decoding of CJK bytes yields a near-random spread over
/// the code space, hence few frequent characters and many rare ones.
enum EncodingScorer {
    /// The language family an encoding is used for.
    enum Family { case chinese, japanese, korean, western }

    /// The family of an encoding candidate.
    static func family(of encoding: TextEncoding) -> Family {
        switch encoding.iconvName {
        case "SHIFT_JIS", "CP932", "EUC-JP": return .japanese
        case "EUC-KR", "CP949": return .korean
        case "CP1252": return .western
        default: return .chinese
        }
    }

    /// Average plausibility of `text` as text of `family`; higher is better. Pure ASCII
    /// text scores 0.
    static func score(_ text: [UInt8], family: Family) -> Double {
        var total = 0.0
        var count = 0
        var previousWasHan = false
        var spaceAfterHan = false
        var hanAfterLetter = false  // previous scalar: a Han character right after an ASCII letter
        var previousWasLetter = false
        let string = String(decoding: text, as: UTF8.self)
        for s in string.unicodeScalars {
            let v = s.value
            if v == 0x20 {
                if previousWasHan { spaceAfterHan = true }
                continue
            }
            let han = isHan(v)
            let letter = (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A
            // A lone ideograph between two ASCII letters ("caf\u{E9}s" misread as GBK).
            if letter && hanAfterLetter && family != .western { total -= 4 }
            hanAfterLetter = han && previousWasLetter
            previousWasLetter = letter
            // Chinese and Japanese do not put spaces between ideographs; a Korean text
            // misread as Chinese does (Korean separates words with spaces).
            if han && spaceAfterHan && family != .korean { total -= 1.5 }
            previousWasHan = han
            spaceAfterHan = false
            if v < 0x80 {
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D && v != 0x0C && v != 0x1B {
                    total -= 5; count += 1
                }
                continue
            }
            count += 1
            total += weight(v, family: family)
        }
        if count == 0 { return 0 }
        return total / Double(count)
    }

    @inline(__always) static func isHan(_ v: UInt32) -> Bool { v >= 0x4E00 && v <= 0x9FFF }

    /// Points for one non-ASCII scalar.
    static func weight(_ v: UInt32, family: Family) -> Double {
        switch v {
        case 0x80...0x9F: return -5                   // C1 controls
        case 0xFFFD: return -5
        case 0xE000...0xF8FF: return -5               // private use
        case 0xA0...0xFF:
            return family == .western ? 2 : -0.5        // Latin-1 letters/signs
        case 0x0100...0x024F: return family == .western ? 1 : -1
        case 0x0370...0x03FF, 0x0400...0x04FF: return -1.5   // Greek, Cyrillic (GB/JIS rows 6–7 misreads)
        case 0x2010...0x206F: return 0.5              // general punctuation “ ” — …
        case 0x2500...0x257F: return -2               // box drawing
        case 0x2160...0x217F, 0x2460...0x24FF: return -0.5
        case 0x3000...0x303F: return 1                // CJK punctuation 、。「」
        case 0x3041...0x309F: return family == .japanese ? 3 : -0.5   // hiragana
        case 0x30A0...0x30FF: return family == .japanese ? 2 : -0.5   // katakana
        case 0x3400...0x4DBF: return -3               // CJK Extension A: rare
        case 0x4E00...0x9FFF:
            let common: Bool
            switch family {
            case .chinese: common = CommonCharacters.chinese.contains(v)
            case .japanese: common = CommonCharacters.japanese.contains(v) || CommonCharacters.chinese.contains(v)
            case .korean: common = false
            case .western: return -2
            }
            return common ? 4 : (family == .korean ? -0.5 : 0.3)
        case 0xAC00...0xD7A3:
            if family != .korean { return -2 }
            return CommonCharacters.korean.contains(v) ? 5 : 1
        case 0x3130...0x318F: return family == .korean ? 0 : -1  // compatibility jamo
        case 0xF900...0xFAFF: return -3               // compatibility ideographs
        case 0xFF01...0xFF5E: return 1                // full-width ASCII
        case 0xFF61...0xFF9F: return -3               // half-width katakana
        case 0xFFA0...0xFFEF: return -1
        case 0x20000...0x3FFFF: return -3             // supplementary ideographs
        default: return 0
        }
    }
}
