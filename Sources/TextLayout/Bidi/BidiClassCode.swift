import UnicodeData

/// The Bidi_Class values as the raw bytes the algorithm works on (the raw values of
/// `UnicodeData.BidiClass`), and bit masks over them.
@usableFromInline
enum BC {
    @usableFromInline static let L: UInt8 = BidiClass.L.rawValue
    @usableFromInline static let R: UInt8 = BidiClass.R.rawValue
    @usableFromInline static let AL: UInt8 = BidiClass.AL.rawValue
    @usableFromInline static let EN: UInt8 = BidiClass.EN.rawValue
    @usableFromInline static let ES: UInt8 = BidiClass.ES.rawValue
    @usableFromInline static let ET: UInt8 = BidiClass.ET.rawValue
    @usableFromInline static let AN: UInt8 = BidiClass.AN.rawValue
    @usableFromInline static let CS: UInt8 = BidiClass.CS.rawValue
    @usableFromInline static let NSM: UInt8 = BidiClass.NSM.rawValue
    @usableFromInline static let BN: UInt8 = BidiClass.BN.rawValue
    @usableFromInline static let B: UInt8 = BidiClass.B.rawValue
    @usableFromInline static let S: UInt8 = BidiClass.S.rawValue
    @usableFromInline static let WS: UInt8 = BidiClass.WS.rawValue
    @usableFromInline static let ON: UInt8 = BidiClass.ON.rawValue
    @usableFromInline static let LRE: UInt8 = BidiClass.LRE.rawValue
    @usableFromInline static let LRO: UInt8 = BidiClass.LRO.rawValue
    @usableFromInline static let RLE: UInt8 = BidiClass.RLE.rawValue
    @usableFromInline static let RLO: UInt8 = BidiClass.RLO.rawValue
    @usableFromInline static let PDF: UInt8 = BidiClass.PDF.rawValue
    @usableFromInline static let LRI: UInt8 = BidiClass.LRI.rawValue
    @usableFromInline static let RLI: UInt8 = BidiClass.RLI.rawValue
    @usableFromInline static let FSI: UInt8 = BidiClass.FSI.rawValue
    @usableFromInline static let PDI: UInt8 = BidiClass.PDI.rawValue

    @inlinable @inline(__always) static func bit(_ c: UInt8) -> UInt32 { 1 << UInt32(c) }

    /// Classes that can give a character a level above 0 in a paragraph whose level is 0:
    /// strong right-to-left, Arabic numbers, and every explicit formatting character.
    @usableFromInline static let raisingMask: UInt32 = bit(R) | bit(AL) | bit(AN) | explicitMask
    /// Explicit embeddings, overrides and isolates and their terminators (X1–X8).
    @usableFromInline static let explicitMask: UInt32 = bit(LRE) | bit(LRO) | bit(RLE) | bit(RLO) | bit(PDF)
        | bit(LRI) | bit(RLI) | bit(FSI) | bit(PDI)
    /// Isolate initiators (BD8).
    @usableFromInline static let isolateInitiatorMask: UInt32 = bit(LRI) | bit(RLI) | bit(FSI)
    /// Neutral and isolate formatting characters, "NI" of rules N1 and N2.
    @usableFromInline static let niMask: UInt32 = bit(B) | bit(S) | bit(WS) | bit(ON) | bit(LRI) | bit(RLI) | bit(FSI) | bit(PDI)
    /// Characters removed by rule X9.
    @usableFromInline static let removedByX9Mask: UInt32 = bit(RLE) | bit(LRE) | bit(RLO) | bit(LRO) | bit(PDF) | bit(BN)
    /// Whitespace and isolate formatting characters whose level rule L1 resets before a
    /// segment or paragraph separator and at the end of a line.
    @usableFromInline static let l1TrailingMask: UInt32 = bit(WS) | bit(LRI) | bit(RLI) | bit(FSI) | bit(PDI)

    @inlinable @inline(__always) static func isIsolateInitiator(_ c: UInt8) -> Bool { bit(c) & isolateInitiatorMask != 0 }
}
