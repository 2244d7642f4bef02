import UnicodeData

/// Which rules the pair table is compiled from: the untailored UAX #14 default or one of the
/// CSS `line-break` tailorings.
enum LineBreakRuleSet: Int, CaseIterable, Sendable {
    /// UAX #14 (Unicode 15.0) exactly, with the LB25 number tailoring of its Example 7 that
    /// `LineBreakTest.txt` uses.
    case uax14
    /// `LineBreakStyle.strict`.
    case strict
    /// `LineBreakStyle.normal`.
    case normal
    /// `LineBreakStyle.loose`.
    case loose

    init(_ style: LineBreakStyle) {
        switch style {
        case .strict: self = .strict
        case .normal: self = .normal
        case .loose: self = .loose
        }
    }

    /// Whether this is one of the CSS tailorings (all of which use the QU tailoring).
    var isTailored: Bool { self != .uax14 }

    /// The UAX #14 class a resolved class plays in the rules of this set.
    func kind(_ c: ResolvedLineBreakClass) -> LineBreakClass {
        switch c {
        case .BK: return .BK
        case .CR: return .CR
        case .LF: return .LF
        case .CM: return .CM
        // LB1: SA resolves to CM (Mn, Mc) or AL; the styles add dictionary breaks inside
        // SA runs afterwards (`DictionaryBreaks`), the rules never see them.
        case .SAMark: return .CM
        case .SA: return .AL
        case .NL: return .NL
        case .WJ: return .WJ
        case .ZW: return .ZW
        case .GL: return .GL
        case .SP: return .SP
        case .ZWJ: return .ZWJ
        case .B2: return .B2
        case .BA, .BAHyphen: return .BA
        case .BB: return .BB
        case .HY: return .HY
        case .CB: return .CB
        case .CL, .CLWide: return .CL
        case .CP, .CPWide: return .CP
        case .EX, .EXCentered: return .EX
        case .IN, .INEllipsis: return .IN
        case .NS, .NSIteration, .NSHyphen, .NSCentered: return .NS
        case .OP, .OPWide: return .OP
        case .QU, .QUInitial, .QUFinal: return .QU
        case .IS: return .IS
        case .NU: return .NU
        case .PO, .POWide: return .PO
        case .PR, .PRWide: return .PR
        case .SY: return .SY
        case .AL: return .AL
        // LB1: CJ resolves to NS by default (and for CSS strict); CSS normal/loose use ID.
        case .CJ: return (self == .normal || self == .loose) ? .ID : .NS
        case .EB: return .EB
        case .EM: return .EM
        case .H2: return .H2
        case .H3: return .H3
        case .HL: return .HL
        case .ID, .IDUnassignedPictographic: return .ID
        case .JL: return .JL
        case .JV: return .JV
        case .JT: return .JT
        case .RI: return .RI
        }
    }
}
