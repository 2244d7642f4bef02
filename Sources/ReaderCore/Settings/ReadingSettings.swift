import TextLayout

/// The display settings a reader can change while reading (`+`/`-`/`=` width, `c` theme,
/// `z` picture fit, the `o` panel) beyond the layout options, and what was changed: the host saves
/// `changed` with the book (as config-file keys and values, docs/CONFIG.md) and applies
/// it the next time the book opens.
public struct ReadingSettings: Hashable, Sendable {
    /// The colours.
    public var theme: ThemeName
    /// The least blank cells each side of the text column (`--margin`), when the terminal
    /// leaves the text 20 cells with them.
    public var margin: Int
    /// The width `=` goes back to; nil: the width the reader started with.
    public var defaultWidth: Int?
    /// What "hyphenate: auto" means for this book (its language's patterns), nil when
    /// there are none: the panel then offers only "off".
    public var hyphenation: HyphenationSetting?
    /// How a fixed-layout book's pictures are sized (`z`).
    public var pictureFit: PictureFit
    /// The settings changed inside the reader (including in earlier sessions), by key.
    public var changed: [String: String]

    /// The margin without `--margin`.
    public static let defaultMargin = 2

    /// Settings.
    public init(theme: ThemeName = .dark, margin: Int = ReadingSettings.defaultMargin, defaultWidth: Int? = nil,
                hyphenation: HyphenationSetting? = nil, pictureFit: PictureFit = .page, changed: [String: String] = [:]) {
        self.theme = theme
        self.margin = margin
        self.defaultWidth = defaultWidth
        self.hyphenation = hyphenation
        self.pictureFit = pictureFit
        self.changed = changed
    }
}
