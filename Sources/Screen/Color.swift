/// A terminal colour for a cell's foreground or background.
///
/// The encoder maps each case to the matching SGR parameters:
/// `.default` → 39/49, `.ansi(n)` → 30–37/90–97 (40–47/100–107),
/// `.indexed(n)` → `38;5;n` (`48;5;n`), `.rgb` → `38;2;r;g;b` (`48;2;r;g;b`).
public enum Color: Hashable, Sendable {
    /// The terminal's own default colour (whatever the user's theme says).
    case `default`
    /// One of the 16 basic ANSI colours, 0–7 normal and 8–15 bright.
    /// Values above 15 are clamped to 15 by the encoder.
    case ansi(UInt8)
    /// An entry of the 256-colour palette.
    case indexed(UInt8)
    /// A 24-bit true colour.
    case rgb(UInt8, UInt8, UInt8)

    /// ANSI black (0).
    public static let black = Color.ansi(0)
    /// ANSI red (1).
    public static let red = Color.ansi(1)
    /// ANSI green (2).
    public static let green = Color.ansi(2)
    /// ANSI yellow (3).
    public static let yellow = Color.ansi(3)
    /// ANSI blue (4).
    public static let blue = Color.ansi(4)
    /// ANSI magenta (5).
    public static let magenta = Color.ansi(5)
    /// ANSI cyan (6).
    public static let cyan = Color.ansi(6)
    /// ANSI white (7), usually light grey.
    public static let white = Color.ansi(7)
    /// ANSI bright black (8), usually dark grey.
    public static let brightBlack = Color.ansi(8)
    /// ANSI bright white (15).
    public static let brightWhite = Color.ansi(15)
}
