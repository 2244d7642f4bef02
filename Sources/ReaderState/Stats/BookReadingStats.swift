import Glibc

/// One book's reading totals (`$XDG_STATE_HOME/reader/stats/books/<key>.json`): the time
/// spent reading it, the characters read per script class, the seconds per local day.
public struct BookReadingStats: Codable, Equatable, Sendable {
    /// The book's content hash (`BookSession.key`).
    public var key: String
    /// The book's title when it was last read.
    public var title: String
    /// Seconds spent reading (page turns at a reading pace; docs/STATS.md).
    public var seconds: Double
    /// Characters (letters and ideographs) read, per script class (`alphabetic`, `cjk`).
    public var characters: [String: Int]
    /// Seconds read per local date (`2026-12-02`).
    public var days: [String: Double]
    /// When it was last read, seconds since 1970 (wall clock).
    public var lastRead: Double?

    /// Empty totals for the book `key`.
    public init(key: String, title: String = "", seconds: Double = 0, characters: [String: Int] = [:],
                days: [String: Double] = [:], lastRead: Double? = nil) {
        self.key = key
        self.title = title
        self.seconds = seconds
        self.characters = characters
        self.days = days
        self.lastRead = lastRead
    }

    /// Every character read, over the classes.
    public var totalCharacters: Int { characters.values.reduce(0, +) }

    /// Adds what a session read since its last save.
    public mutating func add(_ delta: ReadingStatsDelta) {
        if !delta.title.isEmpty { title = delta.title }
        seconds += delta.seconds
        characters.merge(delta.characters, uniquingKeysWith: +)
        days.merge(delta.days, uniquingKeysWith: +)
        if let t = delta.lastRead { lastRead = max(lastRead ?? t, t) }
    }
}

/// What one reading session adds to the statistics at a save: its time and characters
/// since the previous save, and the samples it learned the reading speed from.
public struct ReadingStatsDelta: Equatable, Sendable {
    /// The book's title.
    public var title: String
    /// Seconds read.
    public var seconds: Double = 0
    /// Characters read per script class.
    public var characters: [String: Int] = [:]
    /// Seconds read per local date.
    public var days: [String: Double] = [:]
    /// When, wall clock (seconds since 1970).
    public var lastRead: Double?
    /// The intervals that count for the speed: characters and minutes per class.
    public var speed = SpeedSums()

    /// An empty delta for the book titled `title`.
    public init(title: String = "") {
        self.title = title
    }

    /// Whether there is nothing to add.
    public var isEmpty: Bool { seconds == 0 && characters.isEmpty && days.isEmpty && speed.isEmpty }
}

/// The reading speed learned so far, per script class: characters and minutes read,
/// each decayed with a half-life of `halfLifeMinutes` of reading in that class, so old
/// sessions fade and the speed follows the reader.
public struct SpeedSums: Codable, Equatable, Sendable {
    /// Characters per class (decayed).
    public var characters: [String: Double] = [:]
    /// Minutes per class (decayed).
    public var minutes: [String: Double] = [:]

    /// The half-life of a sample, in minutes of reading in its class.
    public static let halfLifeMinutes = 60.0

    /// No samples.
    public init() {}

    /// Whether no class has a sample.
    public var isEmpty: Bool { minutes.values.allSatisfy { $0 == 0 } && characters.values.allSatisfy { $0 == 0 } }

    /// Adds samples: each class's sums first decay by the minutes added to it.
    public mutating func add(_ samples: SpeedSums) {
        for (name, added) in samples.minutes {
            let keep = exp2(-added / Self.halfLifeMinutes)
            minutes[name] = (minutes[name] ?? 0) * keep + added
            characters[name] = (characters[name] ?? 0) * keep + (samples.characters[name] ?? 0)
        }
    }

    /// Adds `characters` read in `minutes` to the class `name` (no decay: a delta's sum).
    public mutating func accumulate(_ name: String, characters count: Double, minutes time: Double) {
        characters[name, default: 0] += count
        minutes[name, default: 0] += time
    }
}
