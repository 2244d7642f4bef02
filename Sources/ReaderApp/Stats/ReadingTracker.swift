import TextContent

/// One stretch of reading the tracker counted: the time between two position changes
/// and the characters passed over forward (zero after a step back).
public struct ReadingInterval: Equatable, Sendable {
    /// Seconds.
    public var seconds: Double
    /// Characters read (forward moves only).
    public var characters: ScriptCounts
}

/// Counts reading time from position changes (pure: the host passes the times).
///
/// The time between two successive changes of the position (page turns, scrolls) is
/// reading, unless:
/// * it is longer than `idleLimit` (2 minutes): the reader was away; it counts 0, not the cap;
/// * an overlay hid the text (contents, help, settings…) at any moment of it;
/// * the move is a jump: forward over more than `jumpScreens` screens of text, back more
///   than that, or to another place at a pace over `maxPaceFactor` × the learned speed.
/// A step back within a few screens counts its time but no characters.
public struct ReadingTracker: Sendable {
    /// Longest pause between two position changes that still counts (seconds).
    public static let idleLimit = 120.0
    /// A move over more screens of text than this is a jump.
    public static let jumpScreens = 3
    /// A move faster than this many times the learned speed is skimming, not reading.
    public static let maxPaceFactor = 4.0

    private var last: (position: ByteOffset, time: Double)?
    private var hidden = false

    /// A tracker that has seen nothing yet.
    public init() {}

    /// Sees the position at `time`; returns the interval that counts, if the position
    /// changed and the time since the last change was reading. `screenCells` is the text
    /// area (rows × columns: at most that many characters fit on a screen).
    public mutating func observe(position: ByteOffset, at time: Double, textHidden: Bool, screenCells: Int,
                                 content: TextContent, speeds: ReadingSpeeds) -> ReadingInterval? {
        guard !textHidden else {
            hidden = true
            return nil
        }
        guard let previous = last, !hidden else {
            hidden = false
            last = (position, time)
            return nil
        }
        guard position != previous.position else { return nil }
        last = (position, time)
        let seconds = time - previous.time
        guard seconds > 0, seconds <= Self.idleLimit else { return nil }
        let limit = Self.jumpScreens * max(1, screenCells)
        if position < previous.position {
            let back = ScriptCounts.count(content, from: position, to: previous.position)
            return back.total <= limit ? ReadingInterval(seconds: seconds, characters: ScriptCounts()) : nil
        }
        let read = ScriptCounts.count(content, from: previous.position, to: position)
        guard read.total <= limit, speeds.minutes(toRead: read) <= Self.maxPaceFactor * seconds / 60 else { return nil }
        return ReadingInterval(seconds: seconds, characters: read)
    }
}
