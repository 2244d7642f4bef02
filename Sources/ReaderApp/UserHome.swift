import Glibc
import Support

/// Home folders as Foundation finds them for a leading `~` in a path (`reader add ~/Books`,
/// when the shell left the tilde alone): `CFFIXED_USER_HOME` first (not in a set-user-ID
/// process), then the user database, then `HOME`. Foundation prefers the user database to
/// `HOME`, so `HOME=/elsewhere reader add '~'` still means the real home folder.
enum UserHome {
    /// The home folder of the user running the reader (the real user when the effective
    /// one is root, as Foundation decides); `/var/empty` when nothing names one.
    static func current() -> String {
        if let fixed = fixedHome() { return fixed }
        let uid = geteuid() == 0 ? getuid() : geteuid()
        if let home = entryHome({ getpwuid_r(uid, $0, $1, $2, $3) }) { return home }
        return Environment.value("HOME") ?? "/var/empty"
    }

    /// The home folder of the user named `user`, or nil when there is no such user.
    static func of(user: String) -> String? {
        if let fixed = fixedHome() { return fixed }
        return entryHome { getpwnam_r(user, $0, $1, $2, $3) }
    }

    /// `CFFIXED_USER_HOME`, which Foundation takes for every user's home, except in a
    /// process whose user or group IDs were changed at exec (its environment is not trusted).
    private static func fixedHome() -> String? {
        guard getuid() == geteuid() && getgid() == getegid() else { return nil }
        return Environment.value("CFFIXED_USER_HOME")
    }

    /// The home folder in the user database entry `lookUp` fills in (`getpwuid_r`, `getpwnam_r`).
    private static func entryHome(_ lookUp: (UnsafeMutablePointer<passwd>, UnsafeMutablePointer<CChar>, Int,
                                             UnsafeMutablePointer<UnsafeMutablePointer<passwd>?>) -> Int32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        let status = buffer.withUnsafeMutableBufferPointer { lookUp(&entry, $0.baseAddress!, $0.count, &result) }
        guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
        return String(cString: directory)
    }
}
