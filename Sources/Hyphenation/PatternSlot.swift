import Synchronization

/// One pattern file, loaded the first time someone asks (under its own lock).
final class PatternSlot: Sendable {
    private let loaded = Mutex<HyphenationLookup?>(nil)
    private let load: @Sendable () -> HyphenationLookup

    init(load: @escaping @Sendable () -> HyphenationLookup) { self.load = load }

    func value() -> HyphenationLookup {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            let result = load()
            loaded = result
            return result
        }
    }
}
