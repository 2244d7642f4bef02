import Glibc
import Support

/// A command run by `/bin/sh -c` with bytes on its standard input and its output thrown
/// away, started with `posix_spawn` as Foundation's `Process` started one (whose code the
/// reader no longer links): in a process group of its own (`POSIX_SPAWN_SETPGROUP`: a
/// Ctrl-C meant for the reader does not reach it), with no descriptor of the reader's but
/// 0, 1 and 2 (a clipboard tool that stays in the background, as `wl-copy` and `xclip` do,
/// must not hold the reader's files or locks open), and the reader's environment.
final class ShellCommand {
    /// The process ID of the shell.
    let pid: pid_t
    private var status: Int32?

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `command` and writes `input` to its standard input on another thread (a
    /// command that does not read must not block the caller), closing it after the last
    /// byte or at the first error (EPIPE when the command exits without reading all: the
    /// caller ignores SIGPIPE). Throws when the shell cannot be started.
    static func start(_ command: String, input: [UInt8]) throws(SystemError) -> ShellCommand {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError(path: "/bin/sh") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }   // nor in any other child
        let (reading, writing) = (ends[0], ends[1])
        let spawned = spawnShell(command, standardInput: reading)
        close(reading)
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let error):
            close(writing)
            throw error
        }
        Threads.detach(stackSize: 64 << 10) {
            writeAll(input, to: writing)
            close(writing)
        }
        return ShellCommand(pid: pid)
    }

    /// Waits up to `timeout` seconds (polling every 5 ms) for the command to exit; its exit
    /// status — or, killed by a signal, the signal's number, as `Process.terminationStatus`
    /// gave — or nil when it is still running.
    func waitForExit(timeout: Double) -> Int32? {
        let clock = SystemClock()
        let deadline = clock.now() + timeout
        while true {
            if let status = exitStatus() { return status }
            if clock.now() >= deadline { return nil }
            usleep(5_000)
        }
    }

    /// Sends SIGTERM to the shell (not to its group: as `Process.terminate()`), which is
    /// waited for on another thread so that it does not stay a zombie.
    func terminate() {
        guard status == nil else { return }
        kill(pid, SIGTERM)
        let pid = self.pid
        Threads.detach(stackSize: 64 << 10) {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        }
    }

    /// The exit status when the command has exited (`waitpid` with `WNOHANG`), else nil.
    private func exitStatus() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &raw, WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        status = Self.decode(raw)
        return status
    }

    /// `WEXITSTATUS`, or `WTERMSIG` for a process a signal ended (the macros Swift does not import).
    static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : signal
    }

    /// Writes every byte of `bytes` to `fd` (retrying after EINTR), stopping at an error.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
