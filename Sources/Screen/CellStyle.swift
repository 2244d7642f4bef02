/// The visual style of one cell: foreground, background and attributes.
///
/// A plain value with no notion of a theme; a theme (in ReaderCore) maps semantic
/// roles such as "heading" or "status bar" to `CellStyle` values.
public struct CellStyle: Hashable, Sendable {
    /// Foreground (text) colour.
    public var foreground: Color
    /// Background colour.
    public var background: Color
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes

    /// Creates a style. Every parameter defaults to the terminal's default rendition.
    public init(foreground: Color = .default, background: Color = .default,
                attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default rendition (what `SGR 0` produces).
    public static let plain = CellStyle()

    /// Bold (SGR 1).
    public var bold: Bool {
        get { attributes.contains(.bold) }
        set { if newValue { attributes.insert(.bold) } else { attributes.remove(.bold) } }
    }
    /// Dim (SGR 2).
    public var dim: Bool {
        get { attributes.contains(.dim) }
        set { if newValue { attributes.insert(.dim) } else { attributes.remove(.dim) } }
    }
    /// Italic (SGR 3).
    public var italic: Bool {
        get { attributes.contains(.italic) }
        set { if newValue { attributes.insert(.italic) } else { attributes.remove(.italic) } }
    }
    /// Underline (SGR 4).
    public var underline: Bool {
        get { attributes.contains(.underline) }
        set { if newValue { attributes.insert(.underline) } else { attributes.remove(.underline) } }
    }
    /// Reverse video (SGR 7).
    public var reverse: Bool {
        get { attributes.contains(.reverse) }
        set { if newValue { attributes.insert(.reverse) } else { attributes.remove(.reverse) } }
    }

    /// This style with both colours replaced by `.default` (what `NO_COLOR` shows).
    public var withoutColors: CellStyle {
        CellStyle(foreground: .default, background: .default, attributes: attributes)
    }
}
