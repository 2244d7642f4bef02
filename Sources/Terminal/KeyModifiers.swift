/// Modifier keys held with a key or mouse event.
///
/// Terminals report them in the `xterm` convention: a parameter `1 + bits` where the bits
/// are shift 1, alt 2, control 4, meta 8. An ESC prefix before a key also means alt.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bits (shift 1, alt 2, control 4, meta 8, as in xterm's modifier parameter).
    public let rawValue: UInt8
    /// Creates a modifier set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Option); also an ESC prefix.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control.
    public static let control = KeyModifiers(rawValue: 4)
    /// Meta (Super), rarely reported.
    public static let meta = KeyModifiers(rawValue: 8)

    /// Decodes an xterm modifier parameter (`CSI 1;5A` → 5 → control). Values ≤ 1 mean none.
    public init(xtermParameter p: Int) {
        self.init(rawValue: p > 1 ? UInt8(truncatingIfNeeded: (p - 1) & 0x0F) : 0)
    }
}
