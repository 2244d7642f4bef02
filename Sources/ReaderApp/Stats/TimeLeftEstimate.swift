import TextContent

/// The time left in the chapter and in the book from a position: the text still to read
/// per script class (`ScriptCensus`) over the learned speed of each class. Pure.
public struct TimeLeftEstimate: Equatable, Sendable {
    /// Seconds left in the chapter.
    public var chapterSeconds: Double
    /// Seconds left in the book.
    public var bookSeconds: Double

    /// The estimate at `position`.
    public init(position: ByteOffset, content: TextContent, census: ScriptCensus, speeds: ReadingSpeeds) {
        let left = census.remaining(from: position, in: content)
        chapterSeconds = speeds.minutes(toRead: left.chapter) * 60
        bookSeconds = speeds.minutes(toRead: left.book) * 60
    }

    /// "12 min left in chapter".
    public var chapterText: String { Self.duration(chapterSeconds) + " left in chapter" }
    /// "3 h 5 min left in book".
    public var bookText: String { Self.duration(bookSeconds) + " left in book" }

    /// "< 1 min", "25 min", "3 h 10 min".
    public static func duration(_ seconds: Double) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded())
        if minutes < 1 { return "< 1 min" }
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }
}
