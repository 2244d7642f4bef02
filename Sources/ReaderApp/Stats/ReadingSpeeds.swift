import ReaderState

/// The reader's speed per script class, in characters a minute, learned from the time
/// between page turns (`ReadingTracker`): the decayed sums of `SpeedSums` plus a prior of
/// `priorMinutes` at the default speed, so a new reader starts at the defaults (1,000
/// alphabetic characters a minute, about 200 words; 400 CJK characters) and the learned
/// speed takes over within minutes. docs/STATS.md.
public struct ReadingSpeeds: Equatable, Sendable {
    /// The learned sums.
    public private(set) var sums: SpeedSums

    /// The default speed of a class, characters a minute.
    public static func defaultSpeed(_ c: ScriptClass) -> Double { c == .cjk ? 400 : 1000 }
    /// How many minutes of reading the default counts for.
    public static let priorMinutes = 2.0

    /// Speeds from learned sums (none: the defaults).
    public init(_ sums: SpeedSums = SpeedSums()) {
        self.sums = sums
    }

    /// Characters a minute in class `c`.
    public func charactersPerMinute(_ c: ScriptClass) -> Double {
        let chars = sums.characters[c.rawValue] ?? 0, minutes = sums.minutes[c.rawValue] ?? 0
        return (chars + Self.priorMinutes * Self.defaultSpeed(c)) / (minutes + Self.priorMinutes)
    }

    /// Minutes it takes to read `counts`.
    public func minutes(toRead counts: ScriptCounts) -> Double {
        ScriptClass.allCases.reduce(0) { $0 + Double(counts[$1]) / charactersPerMinute($1) }
    }

    /// The samples `counts` read in `minutes` give: the time shared between the classes in
    /// proportion to how long each takes at the current speeds.
    public func samples(_ counts: ScriptCounts, minutes: Double) -> SpeedSums {
        var samples = SpeedSums()
        let expected = self.minutes(toRead: counts)
        guard expected > 0, minutes > 0 else { return samples }
        for c in ScriptClass.allCases where counts[c] > 0 {
            let share = Double(counts[c]) / charactersPerMinute(c) / expected
            samples.accumulate(c.rawValue, characters: Double(counts[c]), minutes: minutes * share)
        }
        return samples
    }

    /// Learns from samples.
    public mutating func learn(_ samples: SpeedSums) {
        sums.add(samples)
    }
}
