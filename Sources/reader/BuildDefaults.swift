import ReaderApp
import ReaderCore

/// What `cache build` and `cache verify` take from the config file (docs/CONFIG.md), so
/// that a build lays out what the reader will ask for: the settings that decide a layout,
/// as `--name=value` arguments put before the command line's (which win), and the width
/// and margin the reader fits a terminal's text column to. A book's own settings (the `o`
/// panel's, kept in its state) are not read: the reader lays out and stores those itself.
struct BuildDefaults {
    /// The config keys whose values are layout options of `cache build` (the cache key
    /// holds them), passed on as they are.
    static let layoutKeys: Set<String> = ["justify", "indent", "compact", "wrap", "hyphenate", "ruby", "line-break",
                                          "direction", "arabic-shaping", "writing-mode"]

    /// `--name=value` for each layout key the file sets (its last line for a key).
    var arguments: [String] = []
    /// The file's `width` (nil: `auto` or not set): the widest text column, not a width to
    /// build at — a terminal narrower than it less the margins gets the narrower column.
    var preferredWidth: Int?
    /// The file's `margin`, else the reader's default.
    var margin = ReadingSettings.defaultMargin

    init() {}

    /// The defaults of `file` (already checked: its bad lines were warned about and dropped).
    init(_ file: ConfigFile) {
        var last: [String: String] = [:]
        for setting in file.settings { last[setting.key] = setting.value }
        let keys = ConfigKey.all.filter { Self.layoutKeys.contains($0.name) }
        arguments = keys.compactMap { key in last[key.name].map { key.arguments($0) } }.flatMap { $0 }
        preferredWidth = last["width"].flatMap { Int($0) }
        margin = last["margin"].flatMap { Int($0) } ?? ReadingSettings.defaultMargin
    }
}
