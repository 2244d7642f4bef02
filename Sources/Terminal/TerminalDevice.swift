/// What the reader's main loop needs from a terminal: its size, a way to write a frame and
/// the next event (key, mouse, resize, redraw, timeout). `TerminalSession` is the real one;
/// tests use an in-memory device that replays scripted events and keeps what was written.
public protocol TerminalDevice: AnyObject {
    /// The size in cells now.
    func size() -> TerminalSize
    /// Writes bytes (an `ANSIEncoder` frame) completely.
    func write(_ bytes: [UInt8]) throws
    /// Waits at most `timeoutMilliseconds` (nil: indefinitely) for the next event.
    func nextEvent(timeoutMilliseconds: Int?) throws -> TerminalEvent
}

extension TerminalSession: TerminalDevice {}
