import UnicodeData

/// What the pair table remembers about the text before a position: one state of the
/// line-break automaton. The compiler enumerates the reachable contexts; at run time a
/// context is just its index in the table.
struct LineBreakContext: Hashable {
    /// Progress of the number rule LB25 (Example 7 regular expression of UAX #14).
    enum NumberProgress: Hashable { case none, digits, closed }

    /// Resolved class of the last character that is not absorbed by LB9; nil at the start
    /// of text (LB2).
    var base: ResolvedLineBreakClass?
    /// One or more SP follow `base` (kept only for ZW, OP, QU, CL, CP and B2: LB8, LB14,
    /// LB15, LB16, LB17 look through spaces). Other classes followed by SP become `base = SP`.
    var spaces = false
    /// The last character was ZWJ (LB8a).
    var zwj = false
    /// `base` is HY or BA right after HL (LB21a).
    var hebrewHyphen = false
    /// LB25: inside `NU (NU | SY | IS)*` (`digits`) or right after its closing CL/CP (`closed`).
    var number = NumberProgress.none
    /// `base` is RI ending an odd-length run of RI (LB30a).
    var riOdd = false
    /// `base` is OP right after PR/PO; the break before the OP waits for the next class
    /// (LB25: `(PR | PO) × OP NU`).
    var pendingNumberOpen = false

    /// The start of text.
    static let startOfText = LineBreakContext(base: nil)
}

/// The break decision for one position (between the left context and the next class).
enum LineBreakDecision: Hashable {
    /// ×
    case prohibited
    /// ÷
    case allowed
    /// !
    case mandatory
    /// Decided by the class after the next one (LB25 `(PR | PO) × OP NU`): the compiled
    /// table records the position and resolves it on the following step.
    case deferred
}
