/// A position where a line may (or, after a hard line break, must) start.
public struct LineBreakOpportunity: Hashable, Sendable {
    /// UTF-8 byte offset in the analysed text where the next line would start.
    public var offset: Int
    /// True after a hard line break (BK, CR, LF, NL — UAX #14 LB4/LB5) and at the end of
    /// the text (LB3).
    public var isMandatory: Bool

    /// Creates an opportunity.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}
