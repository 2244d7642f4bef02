import ReaderState

/// The bookshelf's reading speed (`ReadingSpeedEstimating`) from the learned speeds: a
/// book in Chinese, Japanese or Korean at the CJK speed, any other at the alphabetic
/// speed, turned into text bytes with the typical bytes per counted character of such
/// text (UTF-8, with spaces and punctuation: 1.3 for alphabetic text, 3.3 for CJK).
public struct LearnedReadingSpeed: ReadingSpeedEstimating {
    /// The speeds.
    public var speeds: ReadingSpeeds

    /// Text bytes per counted character, per class.
    public static func bytesPerCharacter(_ c: ScriptClass) -> Double { c == .cjk ? 3.3 : 1.3 }

    /// The speeds in `store` (the defaults before any reading).
    public init(store: ReadingStatsStore) {
        speeds = ReadingSpeeds(store.speeds())
    }

    /// Given speeds.
    public init(speeds: ReadingSpeeds) {
        self.speeds = speeds
    }

    /// The class a book's language is read in.
    public static func scriptClass(language: String) -> ScriptClass {
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return ["zh", "ja", "ko", "yue", "cmn"].contains(primary) ? .cjk : .alphabetic
    }

    public func bytesPerSecond(for entry: LibraryEntry) -> Double? {
        let c = Self.scriptClass(language: entry.language)
        return speeds.charactersPerMinute(c) * Self.bytesPerCharacter(c) / 60
    }
}
