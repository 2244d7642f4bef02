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
    /// Writes `bytes` (queries) and returns the terminal's answer: what it sent until
    /// `isComplete(answer)` held or `timeoutMilliseconds` passed, empty if it said nothing.
    /// The answer is never reported as keys. See `TerminalSession.query`.
    func query(_ bytes: [UInt8], timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) throws -> [UInt8]
}

extension TerminalDevice {
    /// A device that cannot be asked (a pipe, a benchmark's sink): nothing is written and
    /// there is no answer, at once.
    public func query(_ bytes: [UInt8], timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) throws -> [UInt8] {
        []
    }
}

extension TerminalSession: TerminalDevice {}
