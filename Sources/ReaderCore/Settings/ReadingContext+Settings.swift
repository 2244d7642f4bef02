import TextLayout

/// Changing the display settings while reading: the text is laid out again at once and
/// the reading position (a byte offset) is kept, as on a resize; each change is recorded
/// in `settings.changed` for the host to save with the book.
extension ReadingContext {
    /// Cells `+` and `-` change the width by.
    static let widthStep = 4
    /// The narrowest text `-` makes.
    static let narrowest = 16

    /// The widest text column this terminal allows (its width less the margins).
    var widestText: Int { Self.textWidth(columns: columns, preferred: Int.max / 2, margin: settings.margin) }

    /// `+` / `-`: the text column `delta` steps wider or narrower than it is now (within
    /// `narrowest`…`widestText`), with a message; false when it is already at that bound.
    @discardableResult
    func stepWidth(by delta: Int) -> Bool {
        let target = min(widestText, max(min(Self.narrowest, widestText), textWidth + delta * Self.widthStep))
        guard target != textWidth else {
            message = delta > 0 ? "The text is as wide as this terminal allows (\(textWidth))"
                : "The text is as narrow as it goes (\(textWidth))"
            return false
        }
        preferredWidth = target
        relayout()
        record(.width)
        message = "Text width \(textWidth)"
        return true
    }

    /// `=`: the width the reader started with (or the config file's).
    func resetWidth() {
        let width = settings.defaultWidth ?? preferredWidth
        preferredWidth = max(1, width)
        relayout()
        settings.changed["width"] = nil
        message = "Text width \(textWidth) (the default)"
    }

    /// Sets the least blank cells each side of the text (0…`widestMargin`), lays the text
    /// out again when that changes its width; false when already at that bound.
    func setMargin(_ margin: Int) -> Bool {
        let clamped = min(Self.widestMargin, max(0, margin))
        guard clamped != settings.margin else { return false }
        settings.margin = clamped
        relayout()
        record(.margin)
        message = "Margins \(clamped) (text width \(textWidth))"
        return true
    }

    /// The widest margin the panel sets.
    static let widestMargin = 20

    /// Sets the status line's fields (the settings panel's presets).
    func setStatusFields(_ fields: StatusFields) {
        statusFields = fields
        record(.status)
    }

    /// Sets the theme, with a message.
    func setTheme(_ theme: ThemeName) {
        settings.theme = theme
        record(.theme)
        message = "Theme: \(theme.rawValue)"
    }

    /// Sets the layout options other than the width and lays the text out again,
    /// recording the settings whose value changed.
    func setBaseOptions(_ options: LayoutOptions) {
        let settings = ReaderSetting.allCases.filter { ![.width, .theme, .margin, .status, .writingMode].contains($0) }
        let before = settings.map { $0.value(in: self) }
        baseOptions = options
        relayout()
        for (setting, was) in zip(settings, before) where setting.value(in: self) != was { record(setting) }
    }

    private func record(_ setting: ReaderSetting) {
        settings.changed[setting.key] = setting.value(in: self)
    }

    private func relayout() {
        layouts.setOptions(Self.options(base: baseOptions, width: Self.textWidth(columns: columns, preferred: preferredWidth,
                                                                                  margin: settings.margin)))
    }
}
