/// The text `reader config --default` prints: every key at its default with a one-line
/// explanation, and the default key map as `map` lines, all ready to edit (read back as a
/// config file it gives no warning and changes nothing).
public enum DefaultConfigText {
    /// The whole file.
    public static var text: String {
        var lines = [
            "# reader settings: $XDG_CONFIG_HOME/reader/config (default ~/.config/reader/config).",
            "# 'key value' lines; '#' starts a comment line. The command line and the settings",
            "# a book keeps (changed inside the reader) win over this file. See docs/CONFIG.md.",
            "",
        ]
        for key in ConfigKey.all {
            lines.append("# \(key.help)")
            lines.append("\(key.name) \(key.defaultValue)")
            lines.append("")
        }
        lines += [
            "# Keys of the reading layer: 'map KEY ACTION' binds a key (several keys may do one",
            "# action), 'unmap KEY' makes a key do nothing. These are the defaults.",
        ]
        for action in KeyAction.allCases {
            lines.append("")
            lines.append("# \(action.summary)")
            for key in action.defaultKeys { lines.append("map \(key) \(action.rawValue)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
