import ReaderApp

/// A parsed command line: options by name and positional arguments.
///
/// Accepts `--name value`, `--name=value`, flags without values (or with an optional
/// `=value`), `--` to end options,
/// and short aliases declared in the spec. Unknown options are errors.
struct Arguments {
    /// Declaration of one option.
    struct Spec {
        let name: String
        let short: Character?
        let takesValue: Bool
        /// A flag that may carry a value only as `--name=value` (`--reveal`, `--reveal=45`):
        /// given bare, its value is the empty string. Needs `takesValue: false`.
        var optionalValue = false
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Parses `args` (without the program name and subcommand) against `specs`.
    init(_ args: [String], specs: [Spec]) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String?
            if a.hasPrefix("--") {
                let body = a.dropFirst(2)
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inlineValue = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
            } else {
                let letters = Array(a.dropFirst())
                guard letters.count == 1, let spec = specs.first(where: { $0.short == letters[0] }) else {
                    throw CLIError.usage("unknown option '\(a)'")
                }
                name = spec.name
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown option '--\(name)'")
            }
            if spec.takesValue {
                let value: String
                if let v = inlineValue { value = v } else {
                    guard i < args.count else { throw CLIError.usage("option '--\(name)' needs a value") }
                    value = args[i]
                    i += 1
                }
                values[name, default: []].append(value)
            } else {
                if inlineValue != nil && !spec.optionalValue { throw CLIError.usage("option '--\(name)' takes no value") }
                values[name, default: []].append(inlineValue ?? "")
            }
        }
    }

    /// Whether a flag or option was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// All values given for a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of an option that names one of `choices` (`default` when it is not
    /// given); any other name is a usage error listing the choices in order.
    func choice<T>(_ name: String, _ choices: KeyValuePairs<String, T>, default fallback: String) throws -> T {
        let given = value(name) ?? fallback
        if let match = choices.first(where: { $0.key == given }) { return match.value }
        let names = choices.map(\.key)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        throw CLIError.usage("--\(name) must be \(list), not '\(given)'")
    }

    /// A flag that may also be given as `--name=on|off` (the config file's settings are
    /// passed so: docs/CONFIG.md): whether its last occurrence turns it on.
    func flag(_ name: String) throws -> Bool {
        guard let v = value(name) else { return false }
        guard let on = ConfigKey.flagValue(v) else { throw CLIError.usage("--\(name) takes on or off after '=', not '\(v)'") }
        return on
    }

    /// An integer option within `range`.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw CLIError.usage("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(v)'")
        }
        return n
    }
}
