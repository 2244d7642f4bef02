/// What the user chose for the paced reveal (`--reveal[=RATE]`, `--no-pauses`,
/// `--reveal-wait`, `--reveal-catch-up`).
public struct RevealSettings: Hashable, Sendable {
    /// Grapheme clusters per second.
    public var rate: Double
    /// Pause after sentence ends and at paragraph ends.
    public var pauses: Bool
    /// Seconds of active time between a fully revealed page and the next page.
    public var pageWait: Double
    /// After the process was stopped, count the stopped time (catch up) instead of
    /// continuing where it was. Interpreted by the host, which owns the clock.
    public var catchUp: Bool

    /// The default rate: 30 characters a second.
    public static let defaultRate = 30.0
    /// Slowest and fastest rates `+`/`-` and RATE accept.
    public static let rateRange: ClosedRange<Double> = 1...1000

    /// Creates settings (defaults: 30 cps, pauses on, 1.5 s between pages, no catch-up).
    public init(rate: Double = RevealSettings.defaultRate, pauses: Bool = true, pageWait: Double = 1.5, catchUp: Bool = false) {
        self.rate = rate
        self.pauses = pauses
        self.pageWait = pageWait
        self.catchUp = catchUp
    }

    /// The rhythm these settings ask for: pauses at punctuation, or none.
    public var rhythm: RevealRhythm { pauses ? RevealRhythm() : .none }

    /// Parses RATE: characters per second (`45`, `12.5`) or words per minute (`300wpm`,
    /// one word counted as 6 characters — 5 letters and a space — so 300wpm = 30 cps).
    /// Nil when it is not a number in `rateRange` (after conversion).
    public static func parseRate(_ text: String) -> Double? {
        let lower = text.lowercased()
        var value: Double
        if lower.hasSuffix("wpm") {
            guard let wpm = Double(lower.dropLast(3)), wpm.isFinite else { return nil }
            value = wpm * 6 / 60
        } else {
            let digits = lower.hasSuffix("cps") ? String(lower.dropLast(3)) : lower
            guard let cps = Double(digits), cps.isFinite else { return nil }
            value = cps
        }
        guard rateRange.contains(value) else { return nil }
        return value
    }

    /// The next rate up (`+`): 25 % faster, at least 1 more, at most the top of `rateRange`.
    public static func faster(_ rate: Double) -> Double {
        min(rateRange.upperBound, max(rate + 1, (rate * 1.25).rounded()))
    }

    /// The next rate down (`-`): the inverse step of `faster`, at least 1 less, at least
    /// the bottom of `rateRange`.
    public static func slower(_ rate: Double) -> Double {
        max(rateRange.lowerBound, min(rate - 1, (rate / 1.25).rounded()))
    }
}
