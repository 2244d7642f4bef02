import Support

extension FilePath {
    /// A path given on the command line as Foundation's
    /// `URL(fileURLWithPath:).standardizedFileURL.path` made it, which `reader add` used: a
    /// leading `~` or `~user` expanded (`UserHome`), then `standardized` (absolute, lexical),
    /// then a leading `/private`, `/var/automount` or `/private/var/automount` dropped where
    /// what remains exists (Foundation's rule for macOS's firmlinks and automounts, which it
    /// applies on Linux too) — so the library keeps the paths it had.
    static func standardizedArgument(_ path: String, workingFolder: String? = nil) -> String {
        droppingAutomountPrefix(standardized(expandingTilde(path), workingFolder: workingFolder))
    }

    /// `~` or `~/…`: the user's home folder in front; `~name` or `~name/…`: that user's,
    /// the path unchanged when there is no such user. Other paths unchanged.
    static func expandingTilde(_ path: String) -> String {
        // Characters, not bytes, as Foundation: a "~" with a combining mark is a name.
        guard path.first == "~" else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let user = path[path.index(after: path.startIndex)..<slash]
        guard let home = user.isEmpty ? UserHome.current() : UserHome.of(user: String(user)) else { return path }
        return home + path[slash...]
    }

    /// Folders Foundation never takes a `/private` away from.
    private static let keptUnderPrivate = ["/Applications", "/Library", "/System", "/Users", "/Volumes", "/bin", "/cores",
                                           "/dev", "/opt", "/private", "/sbin", "/usr"]

    /// `path` (standardized) without the first of `/private/var/automount`, `/var/automount`
    /// and `/private` it starts with, when the rest exists and is not one of `keptUnderPrivate`.
    static func droppingAutomountPrefix(_ path: String) -> String {
        for prefix in ["/private/var/automount", "/var/automount", "/private"] where path.hasPrefix(prefix + "/") {
            let rest = String(path.dropFirst(prefix.count))
            let kept = keptUnderPrivate.contains { rest == $0 || rest.hasPrefix($0 + "/") }
            return !kept && FileSystem.status(rest) != nil ? rest : path
        }
        return path
    }
}
