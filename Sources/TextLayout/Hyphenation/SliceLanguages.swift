import TextContent

/// The language spans over one block slice, looked up by an offset relative to the slice
/// (the fitter's offsets): which language a word is in, for hyphenation.
struct SliceLanguages {
    private let spans: ArraySlice<LanguageSpan>
    private let base: Int

    /// The spans (absolute offsets) of a slice starting at `base`.
    init(_ spans: ArraySlice<LanguageSpan>, base: Int) {
        self.spans = spans
        self.base = base
    }

    /// The tag of the span holding slice offset `offset`, nil outside every span (the
    /// book's language). Slices hold few spans: a walk.
    func tag(at offset: Int) -> String? {
        let absolute = base + offset
        for span in spans where span.range.lowerBound.rawValue <= absolute {
            if absolute < span.range.upperBound.rawValue { return span.tag }
        }
        return nil
    }
}
