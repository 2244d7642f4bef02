import Foundation
import Hyphenation
import Support
import TextLayout

/// The hyphenators for the other languages a book marks in its text, from the installed
/// pattern files, each loaded when first asked (`DeferredHyphenator`).
final class PatternLanguages: HyphenatorSource {
    private let library: HyphenationLibrary
    /// What the installed pattern files are (their names and sizes, hashed): a layout
    /// cached before `hyphen-fr` was installed is not taken for one made after.
    let fingerprint: String

    init(library: HyphenationLibrary) {
        self.library = library
        let files = library.availableLanguages().compactMap { tag -> String? in
            guard let file = library.patternFile(for: tag) else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            return "\((file as NSString).lastPathComponent)-\(size)"
        }
        fingerprint = String(Digest.fnv1a64(Array(files.joined(separator: ",").utf8)), radix: 16)
    }

    func hyphenator(for language: String) -> (any WordHyphenating)? {
        library.patternFile(for: language) == nil ? nil : DeferredHyphenator(library: library, language: language)
    }
}
