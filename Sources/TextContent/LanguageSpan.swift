import Support

/// A run of text in a language the book marks explicitly (`xml:lang` / `lang` on an
/// element of an EPUB's XHTML), innermost element first: `War and Peace` in English with
/// a sentence `<i xml:lang="fr">` in French. Hyphenation uses it (French patterns, or none
/// for a language without patterns, instead of the book's); text outside every span is
/// in the book's language (`BookMetadata.language`).
public struct LanguageSpan: Hashable, Sendable {
    /// The bytes in that language.
    public var range: ByteRange
    /// Its BCP 47 tag as the book gives it (`fr`, `de-CH`, `la`).
    public var tag: String

    /// A span.
    public init(range: ByteRange, tag: String) {
        self.range = range
        self.tag = tag
    }
}

extension TextContent {
    /// The language spans that intersect `range`, in order (spans are sorted and do not
    /// overlap: a binary search and a walk).
    public func languageSpans(intersecting range: ByteRange) -> ArraySlice<LanguageSpan> {
        let lo = languages.partitioningIndex { $0.range.upperBound > range.lowerBound }
        var hi = lo
        while hi < languages.count && languages[hi].range.lowerBound < range.upperBound { hi += 1 }
        return languages[lo..<hi]
    }
}
