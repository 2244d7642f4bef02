import Glibc

/// Thin wrappers over the POSIX calls the Terminal module needs for I/O and termios.
/// Together with `SignalHandling.swift` this is the only code that calls Glibc.
enum Sys {
    /// Writes all bytes, retrying on EINTR and on partial writes; waits with poll(2) if the
    /// descriptor is non-blocking and full.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws {
        guard var p = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n > 0 {
                p += n; left -= n
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = Glibc.poll(&pfd, 1, 1000)
            } else {
                throw TerminalError.systemCall("write", errno: n < 0 ? errno : EIO)
            }
        }
    }

    /// Reads what is available (at most `buffer.count` bytes). Returns 0 at end of file and
    /// nil when interrupted or nothing was ready.
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
        if n >= 0 { return n }
        if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        if errno == EIO { return 0 }  // the terminal hung up
        throw TerminalError.systemCall("read", errno: errno)
    }

    /// Waits for input on `fds` (POLLIN). Returns the `revents` of each, or nil on EINTR.
    static func poll(_ fds: [Int32], timeoutMilliseconds: Int32) throws -> [Int16]? {
        var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let r = Glibc.poll(&pfds, nfds_t(pfds.count), timeoutMilliseconds)
        if r < 0 {
            if errno == EINTR { return nil }
            throw TerminalError.systemCall("poll", errno: errno)
        }
        return pfds.map { $0.revents }
    }

    /// Monotonic time in milliseconds.
    static func monotonicMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// The window size of the terminal on `fd` (TIOCGWINSZ): cells, and pixels when the
    /// terminal fills `ws_xpixel`/`ws_ypixel` (else 0); nil if unknown.
    static func windowSize(_ fd: Int32) -> TerminalSize? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(ws.ws_col), rows: Int(ws.ws_row),
                            pixelWidth: Int(ws.ws_xpixel), pixelHeight: Int(ws.ws_ypixel))
    }

    /// True if `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// tcgetattr(3).
    static func getAttributes(_ fd: Int32) throws -> termios {
        var t = termios()
        guard tcgetattr(fd, &t) == 0 else { throw TerminalError.systemCall("tcgetattr", errno: errno) }
        return t
    }

    /// tcsetattr(3), retried on EINTR.
    static func setAttributes(_ fd: Int32, _ t: termios, when action: Int32) throws {
        var t = t
        while tcsetattr(fd, action, &t) != 0 {
            if errno == EINTR { continue }
            throw TerminalError.systemCall("tcsetattr", errno: errno)
        }
    }

    /// The raw-mode variant of `t`: like cfmakeraw(3) but keeping output post-processing
    /// (OPOST/ONLCR), so a stray "\n" still starts a new line. VMIN 1, VTIME 0.
    static func rawMode(from t: termios) -> termios {
        var raw = t
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// A non-blocking, close-on-exec pipe: (read end, write end).
    static func makePipe() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalError.systemCall("pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// close(2), ignoring errors.
    static func close(_ fd: Int32) { if fd >= 0 { _ = Glibc.close(fd) } }
}
