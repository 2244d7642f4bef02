import UnicodeData

/// The UAX #29 (Unicode 15.0) extended grapheme cluster rules, written as data.
///
/// The rules that look at one pair of `Grapheme_Cluster_Break` values (GB3–GB9b, GB999)
/// are listed in `pairRules`, in the spec's order of precedence, and compiled once into
/// a 16 × 16 bit matrix: bit `next` of row `previous` is set when the pair must *not* be
/// broken. The rules that need context — GB11 (emoji ZWJ sequences) and GB12/GB13
/// (regional-indicator pairs) — say "keep together" only where the matrix says "break",
/// and are evaluated by `GraphemeCursor` (and the reference `Graphemes.boundaries`)
/// from a little state carried along the cluster. GB1/GB2 (break at the start and end
/// of text) are implicit. Unicode 15.0 has no GB9c (added in 15.1).
@usableFromInline
enum GraphemeRules {
    /// What a rule says about the position between two code points.
    enum Action { case keep, split }

    /// One pair rule: `before` and `after` are sets of classes (`nil` = any).
    struct PairRule {
        let rule: String
        let before: [GraphemeClusterBreak]?
        let after: [GraphemeClusterBreak]?
        let action: Action
    }

    static let controls: [GraphemeClusterBreak] = [.control, .cr, .lf]

    /// GB3–GB9b and GB999 in order of precedence; the first matching rule decides.
    static let pairRules: [PairRule] = [
        PairRule(rule: "GB3", before: [.cr], after: [.lf], action: .keep),             // CR × LF
        PairRule(rule: "GB4", before: controls, after: nil, action: .split),           // (Control | CR | LF) ÷
        PairRule(rule: "GB5", before: nil, after: controls, action: .split),           // ÷ (Control | CR | LF)
        PairRule(rule: "GB6", before: [.l], after: [.l, .v, .lv, .lvt], action: .keep), // L × (L | V | LV | LVT)
        PairRule(rule: "GB7", before: [.lv, .v], after: [.v, .t], action: .keep),      // (LV | V) × (V | T)
        PairRule(rule: "GB8", before: [.lvt, .t], after: [.t], action: .keep),         // (LVT | T) × T
        PairRule(rule: "GB9", before: nil, after: [.extend, .zwj], action: .keep),     // × (Extend | ZWJ)
        PairRule(rule: "GB9a", before: nil, after: [.spacingMark], action: .keep),     // × SpacingMark
        PairRule(rule: "GB9b", before: [.prepend], after: nil, action: .keep),         // Prepend ×
        // GB11  \p{Extended_Pictographic} Extend* ZWJ × \p{Extended_Pictographic}   (context)
        // GB12  sot (RI RI)* RI × RI                                                (context)
        // GB13  [^RI] (RI RI)* RI × RI                                              (context)
        PairRule(rule: "GB999", before: nil, after: nil, action: .split),              // Any ÷ Any
    ]

    /// The rule that decides the pair `(before, after)` when context rules don't apply.
    static func pairRule(_ before: GraphemeClusterBreak, _ after: GraphemeClusterBreak) -> PairRule {
        pairRules.first { ($0.before?.contains(before) ?? true) && ($0.after?.contains(after) ?? true) }!
    }

    /// The compiled matrix: `noBreak[previous] >> next & 1 == 1` ⇔ keep together.
    /// Allocated once for the life of the process (16 rows; rows 14 and 15 are empty).
    @usableFromInline
    nonisolated(unsafe) static let noBreak: UnsafePointer<UInt16> = {
        let rows = UnsafeMutablePointer<UInt16>.allocate(capacity: 16)
        rows.initialize(repeating: 0, count: 16)
        for before in GraphemeClusterBreak.allCases {
            for after in GraphemeClusterBreak.allCases where pairRule(before, after).action == .keep {
                rows[Int(before.rawValue)] |= 1 << UInt16(after.rawValue)
            }
        }
        return UnsafePointer(rows)
    }()
}
