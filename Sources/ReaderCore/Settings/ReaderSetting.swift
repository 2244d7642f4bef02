import TextLayout

/// One line of the settings panel (`o`): a layout or display option, its value as shown
/// and in the config file, and the values `→`/`←` step through.
public enum ReaderSetting: CaseIterable, Hashable, Sendable {
    case width, margin, theme, justify, indent, compact, wrap, hyphenate, ruby, lineBreak, direction, arabicShaping, status,
         writingMode

    /// The config-file key (the long command-line option's name).
    public var key: String {
        switch self {
        case .width: return "width"
        case .margin: return "margin"
        case .theme: return "theme"
        case .justify: return "justify"
        case .indent: return "indent"
        case .compact: return "compact"
        case .wrap: return "wrap"
        case .hyphenate: return "hyphenate"
        case .ruby: return "ruby"
        case .lineBreak: return "line-break"
        case .direction: return "direction"
        case .arabicShaping: return "arabic-shaping"
        case .status: return "status"
        case .writingMode: return ReadingContext.writingModeKey
        }
    }

    /// The name shown in the panel.
    public var title: String {
        switch self {
        case .width: return "Text width"
        case .margin: return "Margins"
        case .theme: return "Theme"
        case .justify: return "Justify"
        case .indent: return "First-line indent"
        case .compact: return "Compact (no blank lines)"
        case .wrap: return "Line breaking"
        case .hyphenate: return "Hyphenation"
        case .ruby: return "Ruby (readings)"
        case .lineBreak: return "CJK line breaks"
        case .direction: return "Direction"
        case .arabicShaping: return "Arabic shaping"
        case .status: return "Status line"
        case .writingMode: return "Writing (lines, columns)"
        }
    }

    /// The value now, as the config file writes it.
    func value(in context: ReadingContext) -> String {
        let o = context.baseOptions
        switch self {
        case .width: return String(context.textWidth)
        case .margin: return String(context.settings.margin)
        case .theme: return context.settings.theme.rawValue
        case .justify: return Self.onOff(o.justify)
        case .indent: return String(o.firstLineIndent)
        case .compact: return Self.onOff(!o.paragraphSpacing)
        case .wrap: return o.wrap.name
        case .hyphenate: return o.hyphenation == nil ? "off" : "auto"
        case .ruby: return o.ruby.name
        case .lineBreak: return o.lineBreakStyle.keyName
        case .direction: return o.direction.rawValue
        case .arabicShaping: return Self.onOff(o.arabicShaping)
        case .status: return context.statusFields.text
        case .writingMode: return context.followsChapterModes ? "auto" : context.writingMode.rawValue
        }
    }

    static func onOff(_ on: Bool) -> String { on ? "on" : "off" }

    /// Steps the setting one value forward (`by` 1) or back (-1) in `context`; false when
    /// it cannot move (the widest or narrowest width, hyphenation without patterns).
    func step(by delta: Int, in context: ReadingContext) -> Bool {
        var o = context.baseOptions
        switch self {
        case .width: return context.stepWidth(by: delta)
        case .margin: return context.setMargin(context.settings.margin + delta)
        case .theme:
            let all = ThemeName.allCases
            context.setTheme(all[(all.firstIndex(of: context.settings.theme)! + delta + all.count) % all.count])
            return true
        case .justify: o.justify.toggle()
        case .indent: o.firstLineIndent = min(8, max(0, o.firstLineIndent + delta))
        case .compact: o.paragraphSpacing.toggle()
        case .wrap: o.wrap = o.wrap == .optimal ? .greedy : .optimal
        case .hyphenate:
            guard let available = context.settings.hyphenation else { return false }
            o.hyphenation = o.hyphenation == nil ? available : nil
        case .ruby: o.ruby = Self.cycle(RubyMode.allCases, o.ruby, delta)
        case .lineBreak: o.lineBreakStyle = Self.cycle(LineBreakStyle.allCases, o.lineBreakStyle, delta)
        case .direction: o.direction = Self.cycle([.auto, .leftToRight, .rightToLeft], o.direction, delta)
        case .arabicShaping: o.arabicShaping.toggle()
        case .status:
            context.setStatusFields(Self.cycle(StatusFields.presets, context.statusFields, delta))
            return true
        case .writingMode:
            context.setWritingMode(Self.cycle(["auto", "horizontal", "vertical"], value(in: context), delta))
            return true
        }
        guard o != context.baseOptions || o.direction != context.baseOptions.direction
            || o.arabicShaping != context.baseOptions.arabicShaping else { return false }
        context.setBaseOptions(o)
        return true
    }

    private static func cycle<T: Equatable>(_ all: [T], _ value: T, _ delta: Int) -> T {
        let i = all.firstIndex(of: value) ?? 0
        return all[(i + delta % all.count + all.count) % all.count]
    }
}
