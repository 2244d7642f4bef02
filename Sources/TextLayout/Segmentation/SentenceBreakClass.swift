import UnicodeData

/// The groups of Sentence_Break values the UAX #29 sentence rules name.
extension SentenceBreakProperty {
    /// Read from a record.
    @inline(__always)
    init(_ record: SegmentationRecord) { self = SentenceBreakProperty(rawValue: record.sentenceBreakRaw) ?? .other }

    /// Extend or Format: ignored after any character but a paragraph separator (SB5).
    var isIgnorable: Bool { self == .extend || self == .format }
    /// ParaSep: Sep, CR or LF (SB4).
    var isParaSep: Bool { self == .sep || self == .cr || self == .lf }
    /// SATerm: STerm or ATerm.
    var isSATerm: Bool { self == .sTerm || self == .aTerm }
    /// What ends SB8's look-ahead: OLetter, Upper, Lower, ParaSep or SATerm.
    var endsLowerLookAhead: Bool {
        switch self {
        case .oLetter, .upper, .lower, .sep, .cr, .lf, .aTerm, .sTerm: return true
        default: return false
        }
    }
}
