import UnicodeData

/// The groups of Word_Break values the UAX #29 word rules name.
extension WordBreakProperty {
    /// Read from a record.
    @inline(__always)
    init(_ record: SegmentationRecord) { self = WordBreakProperty(rawValue: record.wordBreakRaw) ?? .other }

    /// Extend, Format or ZWJ: ignored after any other character (WB4).
    var isIgnorable: Bool { self == .extend || self == .format || self == .zwj }
    /// CR, LF or Newline: a break on either side (WB3a, WB3b).
    var isLineEnd: Bool { self == .cr || self == .lf || self == .newline }
    /// AHLetter: ALetter or Hebrew_Letter.
    var isAHLetter: Bool { self == .aLetter || self == .hebrewLetter }
    /// MidNumLetQ: MidNumLet or Single_Quote.
    var isMidNumLetQ: Bool { self == .midNumLet || self == .singleQuote }
    /// (MidLetter | MidNumLetQ), between letters (WB6, WB7).
    var isMidLetterOrQ: Bool { self == .midLetter || isMidNumLetQ }
    /// (MidNum | MidNumLetQ), between digits (WB11, WB12).
    var isMidNumOrQ: Bool { self == .midNum || isMidNumLetQ }
}
