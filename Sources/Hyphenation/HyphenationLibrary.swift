import CHyphen
import Glibc
import Synchronization

/// A folder of `hyph_<lang>.dic` pattern files and the hyphenators loaded from it, each
/// file loaded at most once and kept for the library's life, shared by every thread.
///
/// `system` is `/usr/share/hyphen` (Debian's `hyphen-*` packages); tests make their own
/// over a temporary folder. A file is validated (`PatternFileCheck`) before libhyphen
/// reads it: a damaged one gives `HyphenationProblem.damaged` for its language (and one
/// entry in `warnings`), never a crash.
public final class HyphenationLibrary: Sendable {
    /// The system's pattern folder, `/usr/share/hyphen`.
    public static let system = HyphenationLibrary(directory: "/usr/share/hyphen")

    /// The folder the pattern files are read from.
    public let directory: String

    private struct State {
        var byTag: [String: HyphenationLookup] = [:]
        var slots: [String: PatternSlot] = [:]
        var slotOrder: [PatternSlot] = []
        var stems: [String]?
    }
    private let state = Mutex(State())

    /// A library over `directory` (nothing is read until a language is asked for).
    public init(directory: String) {
        self.directory = directory
    }

    /// The hyphenator for a BCP 47 tag, or why there is none. Cached per tag: after the
    /// first call for a tag this is one dictionary lookup under a lock. A file is loaded
    /// once, outside that lock (German takes seconds in libhyphen): other languages are not
    /// held up, callers wanting the same file wait for it.
    public func lookup(_ language: String) -> HyphenationLookup {
        let step: Result<PatternSlot, HyphenationProblem>? = state.withLock { state in
            state.byTag[language] == nil ? resolve(language, &state) : nil
        }
        guard let step else { return state.withLock { $0.byTag[language]! } }
        let result: HyphenationLookup
        switch step {
        case .success(let slot): result = slot.value()
        case .failure(let problem): result = .unavailable(problem)
        }
        state.withLock { $0.byTag[language] = result }
        return result
    }

    /// The hyphenator for a BCP 47 tag (`en`, `en-GB`, `de-1996`, `pt_BR`), nil when there are
    /// no usable patterns (see `lookup` for the reason).
    public func hyphenator(for language: String) -> Hyphenator? {
        if case .available(let hyphenator) = lookup(language) { return hyphenator }
        return nil
    }

    /// The pattern file a tag resolves to (not loaded, not checked), nil when none fits.
    public func patternFile(for language: String) -> String? {
        state.withLock { state in stem(for: language, &state).map(path(of:)) }
    }

    /// The size in bytes of the pattern file a tag resolves to (links followed: `hyph_de.dic`
    /// is the size of `hyph_de_DE.dic`), nil when none fits.
    public func patternFileSize(for language: String) -> Int? {
        guard let file = patternFile(for: language) else { return nil }
        var info = stat()
        return stat(file, &info) == 0 ? Int(info.st_size) : 0
    }

    /// What identifies the patterns a tag resolves to, for cache keys (other patterns,
    /// other lines): the file's name and size, `hyph_en_US.dic-106063`; nil when none fits.
    public func patternIdentity(for language: String) -> String? {
        guard let file = patternFile(for: language), let size = patternFileSize(for: language) else { return nil }
        return "\(file.split(separator: "/").last ?? "")-\(size)"
    }

    /// The languages with a pattern file, as BCP 47 tags (`de-AT`, `en-US`, `pt-BR`…), sorted.
    public func availableLanguages() -> [String] {
        state.withLock { state in
            stems(&state).map { $0.replacingUnderscores() }
        }
    }

    /// The damaged or unreadable files met so far, each once, in the order they were met.
    public var warnings: [HyphenationProblem] {
        let slots = state.withLock { $0.slotOrder }
        return slots.compactMap { slot in
            if case .unavailable(let problem) = slot.value(), problem.isWarning { return problem }
            return nil
        }
    }

    // MARK: - Resolution and loading (under the lock)

    /// The slot of the file a tag resolves to (one per file, links resolved), or why none.
    private func resolve(_ language: String, _ state: inout State) -> Result<PatternSlot, HyphenationProblem> {
        guard let tag = LanguageTag(language) else { return .failure(.noLanguage(tag: language)) }
        guard let stem = stem(for: tag, &state) else { return .failure(.noPatterns(language: tag.description)) }
        let file = path(of: stem)
        let real = PatternFileReader.resolvedPath(file) ?? file
        if let known = state.slots[real] { return .success(known) }
        let slot = PatternSlot { Self.load(stem: stem, path: real) }
        state.slots[real] = slot
        state.slotOrder.append(slot)
        return .success(slot)
    }

    private static func load(stem: String, path: String) -> HyphenationLookup {
        let bytes: [UInt8]
        switch PatternFileReader.contents(of: path, limit: PatternFileCheck.maximumFileBytes) {
        case .success(let read): bytes = read
        case .failure(let error): return .unavailable(.unreadable(path: path, reason: error.reason))
        }
        switch PatternFileCheck.check(bytes) {
        case .failure(let error):
            return .unavailable(.damaged(path: path, reason: error.reason))
        case .success(let header):
            guard let dictionary = Self.loadClosed(bytes) else {
                return .unavailable(.unreadable(path: path, reason: "libhyphen could not load it"))
            }
            return .available(Hyphenator(name: stem, path: path, header: header, dictionary: dictionary))
        }
    }

    /// libhyphen reads the closed patterns (`PatternClosure`) from memory.
    private static func loadClosed(_ bytes: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
        var closed = PatternClosure.close(bytes)
        return closed.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<HyphenDict>? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            return hnj_hyphen_load_file(file)
        }
    }

    private func stem(for language: String, _ state: inout State) -> String? {
        LanguageTag(language).flatMap { stem(for: $0, &state) }
    }

    /// The first candidate with a file, else the first file of the language (sorted).
    private func stem(for tag: LanguageTag, _ state: inout State) -> String? {
        let available = stems(&state)
        let set = Set(available)
        if let exact = tag.candidates.first(where: set.contains) { return exact }
        for code in tag.languages {
            if let any = available.first(where: { $0.hasPrefix(code + "_") }) { return any }
        }
        return nil
    }

    private func stems(_ state: inout State) -> [String] {
        if let known = state.stems { return known }
        let found = PatternFileReader.stems(in: directory)
        state.stems = found
        return found
    }

    private func path(of stem: String) -> String {
        directory.hasSuffix("/") ? "\(directory)hyph_\(stem).dic" : "\(directory)/hyph_\(stem).dic"
    }
}

extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
