import ReaderState

/// The hook for the bookshelf's "time left" column: an estimate of how fast the user
/// reads a book, in text bytes per second. Nothing provides one yet (reading statistics
/// are a later piece of issue #16): without one the column shows "—".
public protocol ReadingSpeedEstimating {
    /// Text bytes per second for `entry`, or nil when there is no estimate.
    func bytesPerSecond(for entry: LibraryEntry) -> Double?
}

/// What the bookshelf shows as time left: the text still unread over the reading speed,
/// as "3 h 10 min" / "25 min" / "< 1 min"; "—" without a speed or a known text length.
public enum TimeLeft {
    /// The text for `entry`.
    public static func text(for entry: LibraryEntry, speed: ReadingSpeedEstimating?) -> String {
        guard let bytes = entry.textBytes, let rate = speed?.bytesPerSecond(for: entry), rate > 0 else { return "—" }
        let seconds = Double(bytes) * (1 - entry.progress) / rate
        let minutes = Int((seconds / 60).rounded())
        if minutes < 1 { return "< 1 min" }
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }
}
