import ReaderApp
import ReaderCore

/// The paced reveal's command-line options: `--reveal[=RATE]`, `--no-pauses`,
/// `--reveal-wait SECONDS`, `--reveal-catch-up` (docs/CLI.md).
enum RevealOptions {
    static let specs: [Arguments.Spec] = [
        .init(name: "reveal", short: nil, takesValue: false, optionalValue: true),
        .init(name: "no-pauses", short: nil, takesValue: false, optionalValue: true),
        .init(name: "reveal-wait", short: nil, takesValue: true),
        .init(name: "reveal-catch-up", short: nil, takesValue: false, optionalValue: true),
    ]

    /// A rate given as the next argument after a bare `--reveal` (`--reveal 45`), which the
    /// parser takes for a BOOK since the rate is optional and needs `=`: the rate, if any.
    static func detachedRate(in args: [String]) -> String? {
        let options = args.firstIndex(of: "--").map { Array(args[..<$0]) } ?? args   // after "--": books only
        for i in options.indices.dropLast() where options[i] == "--reveal" {
            if RevealSettings.parseRate(options[i + 1]) != nil { return options[i + 1] }
        }
        return nil
    }

    /// The settings the options ask for (also used when `r` starts the reveal).
    static func settings(_ a: Arguments) throws -> RevealSettings {
        var settings = RevealSettings()
        // The last rate given (`--reveal=on`, `--reveal=off` or a bare `--reveal` keep it).
        if let rate = a.all("reveal").last(where: { ConfigKey.flagValue($0) == nil }) {
            guard let value = RevealSettings.parseRate(rate) else {
                throw CLIError.usage("--reveal=RATE must be characters per second (1 to 1000) or NNNwpm, not '\(rate)'")
            }
            settings.rate = value
        }
        if try a.flag("no-pauses") { settings.pauses = false }
        if let w = a.value("reveal-wait") {
            guard let seconds = Double(w), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                throw CLIError.usage("--reveal-wait must be seconds from 0 to 3600, not '\(w)'")
            }
            settings.pageWait = seconds
        }
        settings.catchUp = try a.flag("reveal-catch-up")
        return settings
    }
}
