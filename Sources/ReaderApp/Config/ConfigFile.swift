import ReaderCore
import Support

/// The settings file, `$XDG_CONFIG_HOME/reader/config` (docs/CONFIG.md): `key value`
/// lines, `map KEY ACTION` and `unmap KEY` lines, `#` comments and blank lines. A bad line
/// gives one warning (`config:LINE: …`) and is skipped; reading never fails.
public struct ConfigFile: Sendable {
    /// One valid `key value` line.
    public struct Setting: Hashable, Sendable {
        /// The key (`width`).
        public var key: String
        /// Its value, normalized (`yes` → `on`).
        public var value: String
        /// Its line number, from 1 (0 for settings not from a file).
        public var line: Int

        /// A setting (`value` already normalized).
        public init(key: String, value: String, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// One valid `map` or `unmap` line.
    public struct Binding: Sendable {
        /// The key as written.
        public var keyName: String
        /// The key.
        public var key: Input
        /// The action for `map`, nil for `unmap`.
        public var action: KeyAction?
        /// Its line number, from 1.
        public var line: Int
    }

    /// The valid settings, in file order (a key given twice: the last wins).
    public private(set) var settings: [Setting] = []
    /// The valid key-map lines, in file order.
    public private(set) var bindings: [Binding] = []
    /// One line per bad line: `config:3: unknown key 'x'`.
    public private(set) var warnings: [String] = []

    /// No settings.
    public init() {}

    /// Parses the text of a config file; `label` starts the warnings (`config`).
    public init(text: String, label: String = "config") {
        // "\r\n" is one Character: split on it as well as on "\n".
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if let problem = parse(line, number: index + 1) { warnings.append("\(label):\(index + 1): \(problem)") }
        }
    }

    /// Reads the file at `path`: nil when there is none; a file that cannot be read gives an
    /// empty config with one warning.
    public static func load(_ path: String) -> ConfigFile? {
        guard FileSystem.exists(path) else { return nil }
        guard let data = try? FileSystem.read(path) else {
            var file = ConfigFile()
            file.warnings = ["\(path): cannot read the config file"]
            return file
        }
        return ConfigFile(text: String(decoding: data, as: UTF8.self))
    }

    /// Per-book settings (`BookState.settings`) checked like config lines, in key order;
    /// bad ones give warnings starting with `label`.
    public init(settings: [String: String], label: String) {
        for key in settings.keys.sorted() {
            if let problem = setting(key, settings[key]!, number: 0) { warnings.append("\(label): \(problem)") }
        }
    }

    /// The key map: the defaults with the `map` and `unmap` lines applied in order.
    public var keyMap: KeyMap {
        var map = KeyMap()
        for b in bindings {
            if let action = b.action { map.map(b.key, to: action) } else { map.unmap(b.key) }
        }
        return map
    }

    /// The last value given for `key`, if any.
    public func setting(_ key: String) -> Setting? { settings.last { $0.key == key } }

    /// Takes one non-blank, non-comment line; returns what is wrong with it, if anything.
    private mutating func parse(_ line: String, number: Int) -> String? {
        let key = String(line.prefix { !$0.isWhitespace })
        let value = line.dropFirst(key.count).trimmingWhitespace(newlines: false)
        switch key {
        case "map", "unmap": return binding(key == "map", value, number: number)
        default: return setting(key, value, number: number)
        }
    }

    private mutating func setting(_ key: String, _ value: String, number: Int) -> String? {
        guard let spec = ConfigKey.named(key) else { return "unknown key '\(key)'" }
        guard let normalized = spec.normalized(value) else { return "bad value '\(value)' for key '\(key)' (\(spec.expected))" }
        settings.append(Setting(key: key, value: normalized, line: number))
        return nil
    }

    private mutating func binding(_ isMap: Bool, _ rest: String, number: Int) -> String? {
        let words = rest.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == (isMap ? 2 : 1) else {
            return isMap ? "map takes a key and an action: 'map KEY ACTION'" : "unmap takes one key: 'unmap KEY'"
        }
        guard let key = KeyName.input(words[0]) else { return "unknown key name '\(words[0])'" }
        var action: KeyAction?
        if isMap {
            guard let named = KeyAction(rawValue: words[1]) else { return "unknown action '\(words[1])'" }
            action = named
        }
        bindings.append(Binding(keyName: words[0], key: key, action: action, line: number))
        return nil
    }
}
