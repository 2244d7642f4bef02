/// Character attributes of a cell, independent of colour (SGR 1, 2, 3, 4, 7, 9).
///
/// These survive the encoder's no-colour mode (`NO_COLOR`): only colours are dropped.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt8
    /// Creates an attribute set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold / increased intensity (SGR 1).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim / faint (SGR 2).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Single underline (SGR 4).
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Reverse video: swap foreground and background (SGR 7).
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// Crossed out (SGR 9).
    public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}
