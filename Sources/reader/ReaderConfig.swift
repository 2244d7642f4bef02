import ReaderApp
import ReaderState
import Storage

/// The settings layers of `reader [BOOK]` and `reader config` (docs/CONFIG.md): the config
/// file and the book's own settings, checked, their warnings printed, then passed on as
/// command-line arguments put before the real ones (which therefore win).
enum ReaderConfig {
    /// The config file (empty when there is none); its warnings go to stderr.
    static func load(_ directories: XDGDirectories) -> ConfigFile {
        let file = ConfigFile.load(directories.configFile) ?? ConfigFile()
        for w in file.warnings { Diagnostics.warning(w) }
        return file
    }

    /// The settings the book keeps (`BookState.settings`), checked like config lines; bad
    /// ones are warned about and skipped.
    static func bookSettings(_ state: BookState, printWarnings: Bool = true) -> ConfigFile {
        let file = ConfigFile(settings: state.settings ?? [:], label: "book settings")
        if printWarnings { for w in file.warnings { Diagnostics.warning(w) } }
        return file
    }

    /// The config keys the command line sets, in the config file's form (a bare flag is
    /// `on`). Values the file would not take are left out: `ReadOptions` reports them.
    static func commandLine(_ a: Arguments) -> [ConfigFile.Setting] {
        ConfigKey.all.compactMap { key in
            guard let given = a.value(key.name), let value = given.isEmpty ? "on" : key.normalized(given) else { return nil }
            return ConfigFile.Setting(key: key.name, value: value, line: 0)
        }
    }
}
