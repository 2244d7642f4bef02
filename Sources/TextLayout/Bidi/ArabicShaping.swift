import UnicodeData

/// Arabic joining for terminals: replaces Arabic letters by their positional presentation
/// forms (Arabic Presentation Forms-A/B) from their joining types, and lam + alef by the
/// lam-alef ligatures, so that a terminal that draws one glyph per cell and does no
/// shaping of its own shows joined script.
///
/// Joining (ArabicShaping.txt, Unicode chapter 9.2): in logical order and skipping
/// transparent characters (T: marks, most format characters), a character joins the one
/// before it if it is R, D or C and that one is L, D or C; it joins the one after it if it
/// is L, D or C and that one is R, D or C. Joined on both sides → medial, before only →
/// final, after only → initial, neither → isolated. A letter with no encoded presentation
/// form for its position is left as it is.
public enum ArabicShaping {
    /// Whether any scalar is in a block shaping can change (Arabic, Arabic Supplement,
    /// Arabic Extended-A/B): a cheap test before `shape`.
    public static func mayNeedShaping(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.contains { $0.value >= 0x600 && $0.value <= 0x8FF }
    }

    /// Shapes a run of text in logical order. The result has one entry per input scalar:
    /// the scalar to display, or nil for an alef absorbed into the lam-alef ligature shown
    /// at the lam's position (so indices, and through them byte offsets, still line up).
    public static func shape(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar?] {
        let n = scalars.count
        var out: [Unicode.Scalar?] = scalars.map { $0 }
        guard mayNeedShaping(scalars) else { return out }
        let types = scalars.map { ArabicShapingData.joiningType(of: $0.value) }

        @inline(__always) func joinsForward(_ t: JoiningType) -> Bool { t == .L || t == .D || t == .C }
        @inline(__always) func joinsBackward(_ t: JoiningType) -> Bool { t == .R || t == .D || t == .C }

        // The nearest non-transparent character before each position, in one pass.
        var previous = [Int](repeating: -1, count: n)
        var last = -1
        for i in 0..<n {
            previous[i] = last
            if types[i] != .T { last = i }
        }
        var next = [Int](repeating: -1, count: n)
        last = -1
        for i in stride(from: n - 1, through: 0, by: -1) {
            next[i] = last
            if types[i] != .T { last = i }
        }

        var i = 0
        while i < n {
            let t = types[i]
            guard t != .T && t != .U else { i += 1; continue }
            let joinsBefore = joinsBackward(t) && previous[i] >= 0 && joinsForward(types[previous[i]])
            let after = next[i]
            // Lam followed (marks apart) by alef with hamza above/below, madda or plain
            // alef: one ligature at the lam's position, isolated or final.
            if scalars[i].value == 0x644, after >= 0,
               let ligature = ArabicShapingData.lamAlefLigature(alef: scalars[after].value, final: joinsBefore) {
                out[i] = Unicode.Scalar(ligature)
                out[after] = nil
                i = after + 1
                continue
            }
            let joinsAfter = joinsForward(t) && after >= 0 && joinsBackward(types[after])
            let form: ArabicShapingData.Form = joinsBefore ? (joinsAfter ? .medial : .final) : (joinsAfter ? .initial : .isolated)
            if let shaped = ArabicShapingData.presentationForm(of: scalars[i].value, form) {
                out[i] = Unicode.Scalar(shaped)
            }
            i += 1
        }
        return out
    }

    /// Shapes a string (a convenience for tests and short texts): the presentation forms,
    /// absorbed alefs left out.
    public static func shaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for s in shape(Array(text.unicodeScalars)) { if let s { result.append(s) } }
        return String(result)
    }
}
