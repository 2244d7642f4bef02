import Glibc
import ReaderCore
import ReaderState
import TextContent

/// A reading session's statistics: the loop shows it every position (`observe`), it
/// counts the reading intervals (`ReadingTracker`), learns the speed, keeps what is not
/// saved yet as a `ReadingStatsDelta`, and adds that to the `ReadingStatsStore` when the
/// loop saves the position (`save`).
public final class ReadingStatsRecorder {
    /// The book's key (the content hash).
    public let key: String
    /// The speeds so far: the store's when the book opened, plus what this session learned.
    public private(set) var speeds: ReadingSpeeds
    /// What is not saved yet.
    public private(set) var pending: ReadingStatsDelta
    /// Every interval counted in this session (tests, benchmarks).
    public private(set) var counted: [ReadingInterval] = []

    private let store: ReadingStatsStore?
    private let content: TextContent
    private lazy var census = givenCensus ?? ScriptCensus(content)
    private let givenCensus: ScriptCensus?
    private var tracker = ReadingTracker()
    private let wallClock: () -> Double

    /// A recorder for the book `key` (titled `content.metadata.title`), saving into `store`
    /// (nil: nothing is written); `wallClock` gives the date of the per-day totals. `census`:
    /// the book's census when it was counted elsewhere (else it is counted when first needed).
    public init(key: String, content: TextContent, store: ReadingStatsStore?,
                wallClock: @escaping () -> Double = WallClock.now, census: ScriptCensus? = nil) {
        self.key = key
        givenCensus = census
        self.content = content
        self.store = store
        self.wallClock = wallClock
        speeds = ReadingSpeeds(store?.speeds() ?? SpeedSums())
        pending = ReadingStatsDelta(title: content.metadata.title)
    }

    /// Sees the model's position at `time`; returns whether an interval was counted.
    @discardableResult
    public func observe(_ model: ReaderModel, at time: Double) -> Bool {
        let cells = model.textRows * model.textWidth
        guard let interval = tracker.observe(position: model.position, at: time, textHidden: model.stack.hidesText,
                                             screenCells: cells, content: content, speeds: speeds) else { return false }
        counted.append(interval)
        let now = wallClock()
        pending.seconds += interval.seconds
        pending.characters.merge(interval.characters.named, uniquingKeysWith: +)
        pending.days[Self.localDay(now), default: 0] += interval.seconds
        pending.lastRead = now
        if interval.characters.total > 0 {
            let samples = speeds.samples(interval.characters, minutes: interval.seconds / 60)
            speeds.learn(samples)
            for (name, minutes) in samples.minutes {
                pending.speed.accumulate(name, characters: samples.characters[name] ?? 0, minutes: minutes)
            }
        }
        return true
    }

    /// The time left from `position` at the speeds learned so far.
    public func timeLeft(at position: ByteOffset) -> TimeLeftEstimate {
        TimeLeftEstimate(position: position, content: content, census: census, speeds: speeds)
    }

    /// Adds what is pending to the store (under its lock); kept for the next save when
    /// the write fails.
    public func save() throws {
        guard let store, !pending.isEmpty else { return }
        try store.add(pending, key: key)
        pending = ReadingStatsDelta(title: content.metadata.title)
    }

    /// The local date of `time` (seconds since 1970): "2026-12-02", in the time zone of
    /// `TZ` or the system's. With the C library's `localtime_r`: Foundation's calendar would
    /// bring its ICU calendar and locale code into every reading session (~0.3 MB resident).
    public static func localDay(_ time: Double) -> String {
        guard time.isFinite, abs(time) < 1e15 else { return "1970-01-01" }
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "1970-01-01" }
        return digits(Int(parts.tm_year) + 1900, 4) + "-" + digits(Int(parts.tm_mon) + 1, 2) + "-" + digits(Int(parts.tm_mday), 2)
    }

    /// `value` in decimal, zero-padded to at least `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
