import Glibc
import Support

/// The reader's own folders, following the XDG Base Directory specification: the one
/// place that reads `HOME`, `XDG_STATE_HOME`, `XDG_CACHE_HOME` and `XDG_CONFIG_HOME`.
/// Folders are absolute paths without a trailing slash.
public struct XDGDirectories: Sendable {
    /// `$XDG_STATE_HOME/reader` (default `~/.local/state/reader`): positions, bookmarks, history.
    public var state: String
    /// `$XDG_CACHE_HOME/reader` (default `~/.cache/reader`): the layout and content caches.
    public var cache: String
    /// `$XDG_CONFIG_HOME/reader` (default `~/.config/reader`): the settings file `config`
    /// (read, never written; docs/CONFIG.md).
    public var config: String

    /// Folders from an environment (pass `Environment.variables()`).
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordHome()
        func base(_ variable: String, _ fallback: String) -> String {
            // The spec says relative paths are invalid and must be ignored.
            if let v = environment[variable], v.hasPrefix("/") { return FilePath.trimmingTrailingSlashes(v) }
            return FilePath.join(FilePath.trimmingTrailingSlashes(home), fallback)
        }
        state = FilePath.join(base("XDG_STATE_HOME", ".local/state"), "reader")
        cache = FilePath.join(base("XDG_CACHE_HOME", ".cache"), "reader")
        config = FilePath.join(base("XDG_CONFIG_HOME", ".config"), "reader")
    }

    /// The settings file, `config` in the config folder.
    public var configFile: String { FilePath.join(config, "config") }

    /// Explicit folders (tests); without `config`, a `config` folder inside `state`.
    public init(state: String, cache: String, config: String? = nil) {
        self.state = state
        self.cache = cache
        self.config = config ?? FilePath.join(state, "config")
    }

    /// The home folder from the password database, "/" when there is none (`HOME` unset).
    private static func passwordHome() -> String {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return "/" }
        return String(cString: dir)
    }
}
