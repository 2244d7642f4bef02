import UnicodeData

/// Titles and authors compared and searched ignoring case and diacritics, for the
/// bookshelf's sort and filter: the results of Foundation's `compare(_:options:)` and
/// `range(of:options:)` with `[.caseInsensitive, .diacriticInsensitive]` (CoreFoundation's
/// folding on Linux, which is not a collation), without Foundation.
///
/// A string is taken in NFC and becomes a sequence of *units*, one per scalar that is not
/// a mark (`FoldedScalars`, `FoldingTables`):
///
/// * ASCII letters are lowercased; any other scalar whose canonical decomposition starts
///   below U+0510 (Latin, Greek, Cyrillic) becomes that first letter case folded, with the
///   marks the folding brings dropped: é → e, Ǻ → a, ΐ → ι, й → и, İ → i, ß → ss, ﬁ → fi;
/// * a scalar beyond that keeps its whole decomposition, its first scalar case folded:
///   が → か ゙, 한 → ᄒ ᅡ ᆫ, آ → ا ٓ, Ｆ → ｆ;
/// * marks — Grapheme_Cluster_Break Extend in `UnicodeData` (Unicode 15.0, the set
///   Foundation's tables have): accents, Indic vowel signs and viramas, Thai tone marks,
///   harakat, variation selectors, emoji modifiers — are left out wherever they stand;
/// * folding is Unicode's full case folding within the Basic Multilingual Plane (beyond it
///   nothing is folded or decomposed, as in Foundation), by the lowercase mapping where
///   Foundation's older folding table has nothing (characters from Unicode 8.0 on, and the
///   Cherokee capitals, whose folding 8.0 turned around); characters newer than
///   `UnicodeData`'s version are kept as they are.
///
/// Order is the folded scalars' by value, a prefix first. A query is found when its folded
/// scalars occur in the text's, starting and ending between units: "s" is not inside "ß",
/// nor "か" inside "が" (as with Foundation).
///
/// Where this deliberately differs from Foundation (`LibraryFoldingTests` compares the two
/// on titles, authors, every short piece of them and random strings):
///
/// 1. After a character that folded to several scalars (ß → ss, ﬁ → fi, 한 → ᄒ ᅡ ᆫ,
///    が → か ゙), CoreFoundation takes a folded character of the other string as equal to
///    the next of them without comparing it, and may compare a mark instead of skipping it:
///    "sé" equals "ß", "Café" contains "ﬁ", and "한강" comes after "하늘" and "하늘" after
///    "한강" (so Foundation sorted Korean titles as the comparisons happened to fall). A bug,
///    not reproduced: the order here is total.
/// 2. Marks at the very start of a string are left out like any other; Foundation compares
///    them unless the other string ends there ("\u{301}a" after "a", "\u{301}" equal to "").
///    A query of marks only matches every book, as the empty query does.
/// 3. Letters beyond U+050F and the marks after them: Foundation keeps such marks when the
///    letter had to be folded and drops them otherwise, so "か\u{3099}" equals both "が" and
///    "か" there, and "ａ\u{64C}" does not contain "Ａ"; here a spelling is its NFC one and
///    the marks NFC leaves are left out ("か\u{3099}" is "が", not "か"; "ａ\u{64C}" contains
///    "Ａ").
/// 4. Characters NFC does not keep (composition exclusions: क़ U+0958, Hebrew presentation
///    forms U+FB1D–U+FB4E, Tibetan U+0F43…) are their NFC spelling, marks left out (U+FB2A
///    equals ש); Foundation decomposes them and keeps the marks (U+FB2A after ש).
/// 5. CJK compatibility ideographs beyond the BMP (U+2F800–U+2FA1D) are kept as they are;
///    Foundation takes them as their unified ideograph, except next to a character of the
///    same 1,024 (one high surrogate), which it orders by the UTF-16 low surrogate.
enum LibraryFolding {
    /// -1, 0 or 1 as `a` comes before, with or after `b`.
    static func order<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Int {
        let (i, j) = commonStart(a.unicodeScalars, b.unicodeScalars)
        var x = FoldedScalars(a, from: i), y = FoldedScalars(b, from: j)
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (p?, q?): if p != q { return p.value < q.value ? -1 : 1 }
            }
        }
    }

    /// Where the units of `a` and `b` may first differ: the start of the last unit of their
    /// common scalars (the units before it are the same scalars, so they fold the same).
    private static func commonStart<A: BidirectionalCollection<Unicode.Scalar>, B: BidirectionalCollection<Unicode.Scalar>>(
        _ a: A, _ b: B
    ) -> (A.Index, B.Index) {
        var i = a.startIndex, j = b.startIndex, unitI = i, unitJ = j
        while i < a.endIndex, j < b.endIndex, a[i] == b[j] {
            if !isMark(a[i]) { (unitI, unitJ) = (i, j) }
            a.formIndex(after: &i)
            b.formIndex(after: &j)
        }
        return (unitI, unitJ)
    }

    /// The folded scalars of `query`, for `contains(_:folded:)`.
    static func folded(_ query: some StringProtocol) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        var iterator = FoldedScalars(query)
        while let s = iterator.next() { scalars.append(s) }
        return scalars
    }

    /// Whether `text` contains a query folded by `folded(_:)`, on unit boundaries (an empty
    /// query is in every text).
    static func contains(_ text: some StringProtocol, folded query: [Unicode.Scalar]) -> Bool {
        guard !query.isEmpty else { return true }
        var scalars: [Unicode.Scalar] = [], startsUnit: [Bool] = []
        var iterator = FoldedScalars(text)
        while let s = iterator.next() {
            scalars.append(s)
            startsUnit.append(iterator.startedUnit)
        }
        guard scalars.count >= query.count else { return false }
        for start in 0...(scalars.count - query.count) where startsUnit[start] {
            let end = start + query.count
            if (end == scalars.count || startsUnit[end]) && scalars[start..<end].elementsEqual(query) { return true }
        }
        return false
    }

    /// Whether `scalar` is a mark left out of the units.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && UnicodeProperties.shared.record(scalar).graphemeBreak == .extend
    }
}
