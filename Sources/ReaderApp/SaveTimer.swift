/// When to save a changed reading position: at most every `interval` seconds while
/// reading (a killed process loses at most that much), at once for bookmarks, and on exit.
/// Pure arithmetic on the times it is given.
public struct SaveTimer: Sendable {
    /// Seconds between two saves of a changed position.
    public let interval: Double
    /// Whether the position changed since the last save.
    public private(set) var isDirty = false
    /// When the last save happened.
    public private(set) var lastSave: Double

    /// A timer whose last save was at `now`.
    public init(interval: Double, now: Double) {
        self.interval = interval
        lastSave = now
    }

    /// The position changed.
    public mutating func markDirty() { isDirty = true }

    /// A save happened at `now`.
    public mutating func saved(at now: Double) {
        isDirty = false
        lastSave = now
    }

    /// When the next save is due, or nil when nothing needs saving.
    public var deadline: Double? { isDirty ? lastSave + interval : nil }

    /// Whether a save is due at `now`.
    public func isDue(at now: Double) -> Bool { deadline.map { now >= $0 } ?? false }
}
