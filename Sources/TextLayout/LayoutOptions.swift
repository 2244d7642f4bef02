import TextContent

/// Everything that determines how text is fitted into lines. Part of the layout cache key.
///
/// Two display-only settings ride along: `direction` and `arabicShaping` change how a
/// line is shown (lines are broken in logical order, then reordered for display), never
/// where lines break, so they are left out of equality and hashing (and of
/// `LayoutCacheKey`): a cached layout serves every direction.
public struct LayoutOptions: Hashable, Sendable {
    /// Width of the text column in terminal cells (≥ 1).
    public var width: Int
    /// Indent of the first line of each ordinary paragraph, in cells.
    public var firstLineIndent: Int
    /// Whether a blank line separates paragraphs.
    public var paragraphSpacing: Bool
    /// CJK line-breaking strictness (CSS `line-break`).
    public var lineBreakStyle: LineBreakStyle
    /// Whether lines that end at a soft break are stretched to the full width when shown.
    public var justify: Bool
    /// Distance between tab stops, in cells (≥ 1).
    public var tabWidth: Int
    /// First fit or total fit (`WrapStyle`).
    public var wrap: WrapStyle
    /// Hyphenation (total fit only), or nil for none.
    public var hyphenation: HyphenationSetting?
    /// How readings (ruby) and emphasis marks are shown: rows above the lines, inline in
    /// parentheses, or not at all (`RubyMode`). Changes lines only for books with ruby.
    public var ruby: RubyMode
    /// Paragraph direction for display: `.auto` takes it from the block's `dir`, then the
    /// text (UAX #9 P2/P3), then the book; `.leftToRight` / `.rightToLeft` force it
    /// (`--direction`). Display only: not part of equality.
    public var direction: BidiDirection
    /// Whether Arabic letters are shown as presentation forms (joined), for terminals that
    /// do not shape (`--arabic-shaping`). Display only: not part of equality.
    public var arabicShaping: Bool

    /// Creates layout options; `width` and `tabWidth` are clamped to at least 1.
    public init(width: Int = 80, firstLineIndent: Int = 0, paragraphSpacing: Bool = true,
                lineBreakStyle: LineBreakStyle = .strict, justify: Bool = false, tabWidth: Int = 4,
                direction: BidiDirection = .auto, arabicShaping: Bool = true, wrap: WrapStyle = .greedy,
                hyphenation: HyphenationSetting? = nil, ruby: RubyMode = .above) {
        self.ruby = ruby
        self.direction = direction
        self.arabicShaping = arabicShaping
        self.width = max(1, width)
        self.firstLineIndent = max(0, firstLineIndent)
        self.paragraphSpacing = paragraphSpacing
        self.lineBreakStyle = lineBreakStyle
        self.justify = justify
        self.tabWidth = max(1, tabWidth)
        self.wrap = wrap
        self.hyphenation = hyphenation
    }
}

extension LayoutOptions {
    /// Equal when the lines would be the same: `direction` and `arabicShaping` do not count.
    public static func == (a: LayoutOptions, b: LayoutOptions) -> Bool {
        a.width == b.width && a.firstLineIndent == b.firstLineIndent && a.paragraphSpacing == b.paragraphSpacing
            && a.lineBreakStyle == b.lineBreakStyle && a.justify == b.justify && a.tabWidth == b.tabWidth && a.wrap == b.wrap
            && a.hyphenation == b.hyphenation && a.ruby == b.ruby
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width); hasher.combine(firstLineIndent); hasher.combine(paragraphSpacing)
        hasher.combine(lineBreakStyle); hasher.combine(justify); hasher.combine(tabWidth); hasher.combine(wrap)
        hasher.combine(hyphenation); hasher.combine(ruby)
    }
}
