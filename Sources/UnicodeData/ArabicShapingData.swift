import Support

/// Joining_Type and the Arabic presentation forms, from the generated
/// `Generated/ArabicShapingTables.swift` (ArabicShaping.txt, UnicodeData.txt).
public enum ArabicShapingData {
    /// The four positional forms of a joining letter.
    public enum Form: Int, Sendable, CaseIterable {
        /// Joined on neither side.
        case isolated
        /// Joined to the preceding letter only (the end of a word).
        case final
        /// Joined to the following letter only.
        case initial
        /// Joined on both sides.
        case medial
    }

    /// Joining types of U+0600…U+08FF, flat (the Arabic blocks, looked up per letter).
    static let arabicBlock: [UInt8] = {
        var table = [UInt8](repeating: JoiningType.U.rawValue, count: 0x300)
        let r = GeneratedArabicShapingTables.joiningRanges
        for i in stride(from: 0, to: r.count, by: 3) where r[i + 1] >= 0x600 && r[i] <= 0x8FF {
            for cp in max(r[i], 0x600)...min(r[i + 1], 0x8FF) { table[Int(cp - 0x600)] = UInt8(r[i + 2]) }
        }
        return table
    }()

    /// The Joining_Type of a code point (unlisted Mn, Me and Cf are T, the rest U).
    public static func joiningType(of codePoint: UInt32) -> JoiningType {
        if codePoint >= 0x600 && codePoint <= 0x8FF { return JoiningType(rawValue: arabicBlock[Int(codePoint - 0x600)])! }
        let r = GeneratedArabicShapingTables.joiningRanges
        // Rows of (first, last, type): the first row whose last code point is ≥ codePoint.
        let low = (0..<(r.count / 3)).partitioningIndex { r[$0 * 3 + 1] >= codePoint }
        if low < r.count / 3 && r[low * 3] <= codePoint { return JoiningType(rawValue: UInt8(r[low * 3 + 2]))! }
        return .U
    }

    /// The presentation form of a letter in a position (Arabic Presentation Forms-A/B),
    /// or nil when Unicode encodes none (the letter is then shown as it is).
    public static func presentationForm(of codePoint: UInt32, _ form: Form) -> UInt32? {
        let rows = GeneratedArabicShapingTables.presentationForms
        // Rows of (letter, isolated, final, initial, medial).
        let low = (0..<(rows.count / 5)).partitioningIndex { rows[$0 * 5] >= codePoint }
        guard low < rows.count / 5, rows[low * 5] == codePoint else { return nil }
        let v = rows[low * 5 + 1 + form.rawValue]
        return v == 0 ? nil : v
    }

    /// The lam-alef ligature (U+FEF5…U+FEFC) of lam U+0644 followed by this alef, isolated
    /// or final (lam joined to the letter before it), or nil if `alef` is not one of
    /// U+0622, U+0623, U+0625, U+0627.
    public static func lamAlefLigature(alef: UInt32, final: Bool) -> UInt32? {
        let rows = GeneratedArabicShapingTables.lamAlef
        for i in stride(from: 0, to: rows.count, by: 3) where rows[i] == alef {
            return final ? rows[i + 2] : rows[i + 1]
        }
        return nil
    }
}
