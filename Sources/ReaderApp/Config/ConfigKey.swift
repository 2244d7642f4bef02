import ReaderCore

/// One setting of the config file (docs/CONFIG.md): its name (the reader's long
/// command-line option), its default as written in the file, what it does, and which
/// values it takes. The same keys and values are the per-book settings (`BookState.settings`).
public struct ConfigKey: Sendable {
    /// Which values a key takes.
    public enum Kind: Sendable {
        /// `on`/`off` (also `yes`/`no`, `true`/`false`): a command-line flag.
        case flag
        /// One of these words.
        case choice([String])
        /// A whole number in the range, or also `auto` when `auto` is true (the default).
        case number(ClosedRange<Int>, auto: Bool)
        /// `--hyphenate`: `auto`, `off` or a language tag.
        case hyphenation
        /// `--reveal`: `off`, `on` or a rate (characters a second or NNNwpm).
        case reveal
        /// Seconds from 0 to the bound.
        case seconds(Double)
        /// `--status`: a comma-separated list of status-line fields (`StatusFields`).
        case statusFields
        /// A shell command line (printable text).
        case command
        /// `dictionaries`: `all`, or dictionary names separated by commas (a leading `-` leaves one out).
        case names
    }

    /// The key, e.g. `width`.
    public let name: String
    /// Its default value, as written in the file.
    public let defaultValue: String
    /// A one-line explanation (for `reader config --default`).
    public let help: String
    /// The values it takes.
    public let kind: Kind

    /// Every key, in the order `reader config` lists them.
    public static let all: [ConfigKey] = [
        ConfigKey(name: "width", defaultValue: "auto", help: "widest text column in cells (auto: 80, narrower terminals fit)",
                  kind: .number(1...10_000, auto: true)),
        ConfigKey(name: "margin", defaultValue: "2", help: "least blank cells each side of the text (0 to 20)",
                  kind: .number(0...20, auto: false)),
        ConfigKey(name: "theme", defaultValue: "dark", help: "colours: dark, light or plain (NO_COLOR without this key: plain)",
                  kind: .choice(["dark", "light", "plain"])),
        ConfigKey(name: "justify", defaultValue: "off", help: "stretch lines to the full width", kind: .flag),
        ConfigKey(name: "indent", defaultValue: "0", help: "first-line indent of paragraphs, in cells (0 to 100)",
                  kind: .number(0...100, auto: false)),
        ConfigKey(name: "compact", defaultValue: "off", help: "no blank line between paragraphs", kind: .flag),
        ConfigKey(name: "wrap", defaultValue: "optimal", help: "optimal: a paragraph's breaks chosen together; greedy: line by line",
                  kind: .choice(["optimal", "greedy"])),
        ConfigKey(name: "hyphenate", defaultValue: "auto",
                  help: "auto (the book's language), off, or a language tag like en-GB (with wrap optimal)", kind: .hyphenation),
        ConfigKey(name: "ruby", defaultValue: "above",
                  help: "readings (furigana) and emphasis dots: above (a row over the line), inline (in parentheses) or off",
                  kind: .choice(["above", "inline", "off"])),
        ConfigKey(name: "line-break", defaultValue: "strict", help: "CJK line breaking: strict, normal or loose",
                  kind: .choice(["strict", "normal", "loose"])),
        ConfigKey(name: "direction", defaultValue: "auto", help: "paragraph direction: ltr, rtl or auto (from the book and text)",
                  kind: .choice(["ltr", "rtl", "auto"])),
        ConfigKey(name: "arabic-shaping", defaultValue: "on", help: "join Arabic letters (presentation forms)",
                  kind: .choice(["on", "off"])),
        ConfigKey(name: "notes", defaultValue: "off", help: "notes when the text is piped: inline, end or off",
                  kind: .choice(["off", "inline", "end"])),
        ConfigKey(name: "reveal", defaultValue: "off",
                  help: "start in the paced reveal: off, on (30 characters a second), a rate (45) or NNNwpm", kind: .reveal),
        ConfigKey(name: "no-pauses", defaultValue: "off", help: "no reveal pause after sentences and paragraphs", kind: .flag),
        ConfigKey(name: "reveal-wait", defaultValue: "1.5", help: "seconds the reveal waits before the next page (0 to 3600)",
                  kind: .seconds(3600)),
        ConfigKey(name: "reveal-catch-up", defaultValue: "off", help: "after Ctrl-Z or sleep, the reveal counts the stopped time",
                  kind: .flag),
        ConfigKey(name: "images", defaultValue: "auto",
                  help: "pictures: auto (asked of the terminal), kitty, sixel, iterm, symbols or off",
                  kind: .choice(["auto", "kitty", "sixel", "iterm", "symbols", "off"])),
        ConfigKey(name: PictureFit.key, defaultValue: PictureFit.page.rawValue,
                  help: "fixed-layout pages: page (each whole on the screen) or width (as wide as the text, scrolled; z)",
                  kind: .choice(PictureFit.allCases.map(\.rawValue))),
        ConfigKey(name: "writing-mode", defaultValue: "auto",
                  help: "auto (vertical when the book asks for it), horizontal or vertical (columns, right to left; V)",
                  kind: .choice(["auto", "horizontal", "vertical"])),
        ConfigKey(name: "status", defaultValue: StatusFields.standardText,
                  help: "status-line fields: title, chapter, percent, time-left-chapter, time-left-book (or none)",
                  kind: .statusFields),
        ConfigKey(name: "clipboard-command", defaultValue: "osc52",
                  help: "where y copies: osc52 (the terminal's clipboard) or a command the text is piped to (wl-copy)",
                  kind: .command),
        ConfigKey(name: "dictionaries", defaultValue: "all",
                  help: "the order of dictionaries for lookups: all, or names like wn,gcide (-NAME leaves one out; docs/DICTIONARIES.md)",
                  kind: .names),
    ]

    /// The key named `name`, if there is one.
    public static func named(_ name: String) -> ConfigKey? { all.first { $0.name == name } }

    /// `value` in its plain form (`yes` → `on` for a flag), or nil when the key does not
    /// take it.
    public func normalized(_ value: String) -> String? {
        guard !value.isEmpty else { return nil }
        switch kind {
        case .flag: return Self.flagValue(value).map { $0 ? "on" : "off" }
        case .choice(let words): return words.contains(value) ? value : nil
        case .number(let range, let auto):
            if auto && value == "auto" { return value }
            guard let n = Int(value), range.contains(n) else { return nil }
            return String(n)
        case .hyphenation: return HyphenationChoice.parse(value) != nil ? value : nil
        case .reveal:
            if let on = Self.flagValue(value) { return on ? "on" : "off" }
            return RevealSettings.parseRate(value) != nil ? value : nil
        case .seconds(let bound):
            guard let s = Double(value), s.isFinite, s >= 0, s <= bound else { return nil }
            return value
        case .statusFields: return StatusFields(parsing: value) != nil ? value : nil
        case .command: return value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) ? value : nil
        case .names:
            let names = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.split(separator: " ").joined(separator: " ") }
            let printable = value.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
            return printable && !names.contains(where: { $0.isEmpty || $0 == "-" }) ? value : nil
        }
    }

    /// What the key takes, for a bad value's warning.
    public var expected: String {
        switch kind {
        case .flag: return "on or off"
        case .choice(let words): return words.dropLast().joined(separator: ", ") + " or " + words.last!
        case .number(let range, let auto):
            return (auto ? "auto or " : "") + "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .hyphenation: return "auto, off or a language tag like en-GB"
        case .reveal: return "off, on, characters a second (1 to 1000) or NNNwpm"
        case .seconds(let bound): return "seconds from 0 to \(Int(bound))"
        case .statusFields: return "fields separated by commas: title, chapter, percent, time-left-chapter, time-left-book, or none"
        case .command: return "a command line without control characters"
        case .names: return "all, or dictionary names separated by commas"
        }
    }

    /// The command-line arguments that set the key to `value` (a normalized value):
    /// `--width=72`, `--justify=off`, `--reveal=45`.
    public func arguments(_ value: String) -> [String] {
        // Always `--name=value`: a value that starts with "-" stays a value (found by fuzz-config).
        ["--\(name)=\(value)"]
    }

    /// A flag's value: on/yes/true (and the empty string of a bare `--flag`) or off/no/false.
    public static func flagValue(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "", "on", "yes", "true": return true
        case "off", "no", "false": return false
        default: return nil
        }
    }
}
