import ReaderApp
import ReaderState
import Storage
import Support

/// `reader config [BOOK] [reader options]`: every setting's effective value and where it
/// comes from (default, `config:LINE`, `book` when BOOK is given, `command line`), then the
/// key map's changes; `reader config --default`: a commented default file to start from;
/// `reader config --path`: where the file is read from. Never writes the file (docs/CONFIG.md).
enum ConfigCommand {
    static let specs: [Arguments.Spec] = ReadOptions.specs + [
        .init(name: "default", short: nil, takesValue: false),
        .init(name: "path", short: nil, takesValue: false),
    ]

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, specs: specs)
        let environment = Environment.variables()
        let directories = XDGDirectories(environment: environment)
        var out = Output()
        defer { out.flush() }
        if a.has("default") {
            out.write(DefaultConfigText.text)
            return
        }
        if a.has("path") {
            out.write(directories.configFile + "\n")
            return
        }
        guard a.positionals.count <= 1 else { throw CLIError.usage("config takes at most one BOOK") }
        let config = ReaderConfig.load(directories)
        var settings = EffectiveSettings()
        settings.apply(config: config)
        if let path = a.positionals.first {
            let session = try Sessions.open(path, directories: directories, printWarnings: false)
            settings.apply(ReaderConfig.bookSettings(session.state).settings, source: "book")
        }
        settings.apply(ReaderConfig.commandLine(a), source: "command line")
        // The options checked as the reader would take them (a bad one is a usage error).
        _ = try ReadOptions(settings.arguments + args.filter { $0 != "--default" && $0 != "--path" }, environment: environment)
        let exists = FileSystem.exists(directories.configFile)
        out.write("# \(directories.configFile)\(exists ? "" : " (none)")\n")
        for line in settings.lines { out.write(line + "\n") }
        out.write(keyMapLines(config).joined(separator: "\n") + "\n")
    }

    /// The config file's `map` and `unmap` lines with their line numbers, or a note that
    /// the keys are the defaults.
    static func keyMapLines(_ config: ConfigFile) -> [String] {
        guard !config.bindings.isEmpty else { return ["# keys: the defaults (reader config --default lists them)"] }
        return ["# keys: the defaults, then:"] + config.bindings.map { b in
            let line = b.action.map { "map \(b.keyName) \($0.rawValue)" } ?? "unmap \(b.keyName)"
            return line + String(repeating: " ", count: max(1, 32 - line.count)) + "# config:\(b.line)"
        }
    }
}
