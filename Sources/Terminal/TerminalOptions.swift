/// What `TerminalSession.enter()` turns on (and `leave()` turns off again).
public struct TerminalOptions: Hashable, Sendable {
    /// Switch to the alternate screen (`CSI ?1049h`), so the shell's screen comes back intact.
    public var alternateScreen: Bool
    /// Put the terminal in explicit BiDi mode (ECMA-48 BDSM reset, `CSI 8 l`): we send
    /// right-to-left text already in visual order, so a terminal that implements BiDi
    /// must not reorder it again; back to implicit mode (`CSI 8 h`) on leaving.
    /// Terminals without BiDi support ignore both.
    public var explicitBidi: Bool
    /// Hide the cursor (`CSI ?25l`).
    public var hideCursor: Bool
    /// Report mouse buttons, the wheel and moves with a button held (`CSI ?1002h`, which
    /// includes `?1000`'s button reports, + SGR encoding `CSI ?1006h`).
    /// Note: while on, the terminal's own text selection needs Shift held.
    public var mouse: Bool
    /// Turn auto-wrap off (`CSI ?7l`) so a glyph the terminal measures wider than we did can
    /// never wrap and scroll the screen.
    public var disableAutowrap: Bool
    /// Treat Ctrl-Z as "suspend": restore the terminal, stop the process, and on resume
    /// re-enter and report `.redraw`. When false, Ctrl-Z is delivered as a key.
    public var suspendOnCtrlZ: Bool
    /// Install handlers for SIGINT/SIGTERM/SIGHUP/SIGQUIT/SIGABRT and crash signals
    /// (restore, then re-raise), SIGTSTP/SIGCONT (suspend/resume) and SIGWINCH (resize).
    /// Turn off only in tests.
    public var installSignalHandlers: Bool
    /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
    public var escapeTimeoutMilliseconds: Int

    /// Creates options; the defaults suit a full-screen reader.
    public init(alternateScreen: Bool = true, explicitBidi: Bool = true, hideCursor: Bool = true, mouse: Bool = false,
                disableAutowrap: Bool = true, suspendOnCtrlZ: Bool = true,
                installSignalHandlers: Bool = true,
                escapeTimeoutMilliseconds: Int = KeyDecoder.escapeTimeoutMilliseconds) {
        self.alternateScreen = alternateScreen
        self.explicitBidi = explicitBidi
        self.hideCursor = hideCursor
        self.mouse = mouse
        self.disableAutowrap = disableAutowrap
        self.suspendOnCtrlZ = suspendOnCtrlZ
        self.installSignalHandlers = installSignalHandlers
        self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
    }

    /// The bytes written on entering: alternate screen, explicit BiDi mode, hide cursor,
    /// auto-wrap off, mouse on (each only if enabled), in that order.
    public var enterSequence: [UInt8] {
        var s = ""
        if alternateScreen { s += "\u{1B}[?1049h" }
        if explicitBidi { s += "\u{1B}[8l" }
        if hideCursor { s += "\u{1B}[?25l" }
        if disableAutowrap { s += "\u{1B}[?7l" }
        if mouse { s += "\u{1B}[?1002h\u{1B}[?1006h" }
        return Array(s.utf8)
    }

    /// The bytes written on leaving (also from signal handlers): SGR reset, then the
    /// modes of `enterSequence` undone in reverse order.
    public var leaveSequence: [UInt8] {
        var s = "\u{1B}[0m"
        if mouse { s += "\u{1B}[?1006l\u{1B}[?1002l" }
        if disableAutowrap { s += "\u{1B}[?7h" }
        if hideCursor { s += "\u{1B}[?25h" }
        if explicitBidi { s += "\u{1B}[8h" }
        if alternateScreen { s += "\u{1B}[?1049l" }
        return Array(s.utf8)
    }
}
