import Foundation

/// The reader's own folders, following the XDG Base Directory specification: the one
/// place that reads `HOME`, `XDG_STATE_HOME`, `XDG_CACHE_HOME` and `XDG_CONFIG_HOME`.
public struct XDGDirectories: Sendable {
    /// `$XDG_STATE_HOME/reader` (default `~/.local/state/reader`): positions, bookmarks, history.
    public var state: URL
    /// `$XDG_CACHE_HOME/reader` (default `~/.cache/reader`): the layout and content caches.
    public var cache: URL
    /// `$XDG_CONFIG_HOME/reader` (default `~/.config/reader`): the settings file `config`
    /// (read, never written; docs/CONFIG.md).
    public var config: URL

    /// Folders from an environment (pass `ProcessInfo.processInfo.environment`).
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> URL {
            // The spec says relative paths are invalid and must be ignored.
            if let v = environment[variable], v.hasPrefix("/") { return URL(fileURLWithPath: v, isDirectory: true) }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        state = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("reader", isDirectory: true)
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("reader", isDirectory: true)
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("reader", isDirectory: true)
    }

    /// The settings file, `config` in the config folder.
    public var configFile: URL { config.appendingPathComponent("config") }

    /// Explicit folders (tests); without `config`, a `config` folder inside `state`.
    public init(state: URL, cache: URL, config: URL? = nil) {
        self.state = state
        self.cache = cache
        self.config = config ?? state.appendingPathComponent("config", isDirectory: true)
    }
}
