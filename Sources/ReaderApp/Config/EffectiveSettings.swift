/// Every config key's value and where it came from, after the layers in precedence order:
/// defaults, then the config file, then the book's own settings, then the command line
/// (each later layer wins; docs/CONFIG.md).
public struct EffectiveSettings: Sendable {
    /// One key's value and its source.
    public struct Entry: Hashable, Sendable {
        /// The value, as the config file writes it.
        public var value: String
        /// `default`, `config:12`, `book`, `command line`.
        public var source: String
    }

    /// Each key's entry (every key of `ConfigKey.all`).
    public private(set) var entries: [String: Entry]

    /// The defaults.
    public init() {
        entries = Dictionary(uniqueKeysWithValues: ConfigKey.all.map { ($0.name, Entry(value: $0.defaultValue, source: "default")) })
    }

    /// Applies a config file's settings (source `config:LINE`).
    public mutating func apply(config file: ConfigFile) {
        for s in file.settings { set(s.key, s.value, source: "config:\(s.line)") }
    }

    /// Applies settings from another layer (`book`, `command line`), already checked.
    public mutating func apply(_ settings: [ConfigFile.Setting], source: String) {
        for s in settings { set(s.key, s.value, source: source) }
    }

    /// Sets one key; unknown keys are ignored.
    public mutating func set(_ key: String, _ value: String, source: String) {
        guard entries[key] != nil else { return }
        entries[key] = Entry(value: value, source: source)
    }

    /// The command-line arguments that give every key not at its default its value
    /// (`--width=72 --justify=on`), in the order of `ConfigKey.all`: put before the real
    /// command line, whose options then win.
    public var arguments: [String] {
        ConfigKey.all.flatMap { key -> [String] in
            guard let entry = entries[key.name], entry.source != "default" else { return [] }
            return key.arguments(entry.value)
        }
    }

    /// `reader config`'s lines: `key value` padded into columns, then `# source` (a value
    /// longer than 16 characters, as the status fields, does not widen the column).
    public var lines: [String] {
        let keyWidth = ConfigKey.all.map(\.name.count).max()! + 1
        let valueWidth = max(8, entries.values.map(\.value.count).filter { $0 <= 16 }.max() ?? 0) + 1
        return ConfigKey.all.map { key in
            let entry = entries[key.name]!
            return pad(key.name, keyWidth) + pad(entry.value, valueWidth) + "# " + entry.source
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
