import Glibc
import Support

extension ShellCommand {
    /// `/bin/sh -c command` started with `standardInput` as its descriptor 0, /dev/null as
    /// 1 and 2, every other descriptor closed, in a new process group; its process ID.
    static func spawnShell(_ command: String, standardInput: Int32) -> Result<pid_t, SystemError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeDescriptors(from: 3, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))   // group 0: its own
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let result = (arguments + [nil]).withUnsafeBufferPointer { argv in
            posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv.baseAddress!, environ)
        }
        guard result == 0 else {
            return .failure(SystemError(path: "/bin/sh", reason: String(cString: strerror(result)), code: result))
        }
        return .success(pid)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare; nil on an older glibc.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Closes, in the child, every descriptor from `first` up: at once where glibc can,
    /// else each one open now (as Foundation did).
    private static func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom, addCloseFrom(&actions, first) == 0 { return }
        for fd in openDescriptors(from: first) { posix_spawn_file_actions_addclose(&actions, fd) }
    }

    /// The process's open descriptors from `first` up, in order (/proc/self/fd). The
    /// listing's own descriptor is among them, closed by then: closing it in the child
    /// again is harmless (glibc's `posix_spawn` fails only for one out of range).
    static func openDescriptors(from first: Int32) -> [Int32] {
        let listed = ((try? FileSystem.contentsOfDirectory("/proc/self/fd")) ?? []).compactMap { Int32($0) }
        return listed.filter { $0 >= first }.sorted()
    }
}
