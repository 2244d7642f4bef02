@_spi(_Unicode) import Swift   // String._nfd and Unicode.Scalar.Properties._caseFolded: the standard library's own tables
import UnicodeData

/// One non-ASCII scalar's unit (`LibraryFolding`): its canonical decomposition and case
/// folding, limited to what Foundation's CoreFoundation tables know.
enum FoldingTables {
    /// Decompositions starting below this are reduced to their first letter (Latin, Greek,
    /// Cyrillic: CoreFoundation's `0x0510`); others keep their marks.
    static let lettersWithDroppedMarks: UInt32 = 0x0510

    /// The Unicode version of `UnicodeData`'s tables (major, minor): newer characters are
    /// neither decomposed nor folded.
    static let version: (Int, Int) = {
        let parts = unicodeVersion.split(separator: ".").map { Int($0) ?? 0 }
        return (parts.first ?? 0, parts.dropFirst().first ?? 0)
    }()

    /// The unit of `scalar` when it is one scalar and `scalar` is below U+0500 (Latin,
    /// Greek, Cyrillic: most titles' letters), from a table made on first use; nil for
    /// other scalars, marks and units of several (ß, ŉ).
    @inline(__always)
    static func smallUnit(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.value < 0x500 else { return nil }
        let folded = smallUnits[Int(scalar.value)]
        return folded == 0 ? nil : Unicode.Scalar(folded)
    }

    private static let smallUnits: [UInt32] = (0..<0x500).map { value in
        guard value >= 0x80, let scalar = Unicode.Scalar(value), !LibraryFolding.isMark(scalar),
              let decomposition = decomposition(of: scalar) else { return 0 }
        var unit: [Unicode.Scalar] = []
        appendUnit(of: decomposition, to: &unit)
        return unit.count == 1 ? unit[0].value : 0
    }

    /// The canonical decomposition of `scalar` (not ASCII, not a mark), or nil when it is
    /// neither decomposed nor folded: beyond the Basic Multilingual Plane (CoreFoundation
    /// folds nothing there and decomposes little), or newer than `version`.
    static func decomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        guard scalar.value < 0x10000, let age = scalar.properties.age, (age.major, age.minor) <= version else { return nil }
        return Array(String(scalar)._nfd)
    }

    /// Appends the unit of a character decomposed as `decomposition` to `unit`: its first
    /// scalar case folded, then (beyond U+050F) the rest.
    static func appendUnit(of decomposition: [Unicode.Scalar], to unit: inout [Unicode.Scalar]) {
        let base = decomposition[0], start = unit.count
        appendCaseFolding(of: base, to: &unit)
        if base.value < lettersWithDroppedMarks {
            // Marks the letter's folding may bring go as its own went (CoreFoundation filters them).
            var i = start
            while i < unit.count {
                if LibraryFolding.isMark(unit[i]) { unit.remove(at: i) } else { i += 1 }
            }
        } else {
            unit.append(contentsOf: decomposition.dropFirst())
        }
    }

    /// Unicode's full case folding of `scalar`, or its lowercase mapping where
    /// CoreFoundation's folding table (older than Unicode 8.0) has no entry: characters
    /// from 8.0 on, and the Cherokee capitals, which 8.0 made fold to themselves.
    private static func appendCaseFolding(of scalar: Unicode.Scalar, to unit: inout [Unicode.Scalar]) {
        let properties = scalar.properties
        let lowercaseOnly = (0x13A0...0x13F5).contains(scalar.value) || (properties.age.map { $0.major >= 8 } ?? true)
        unit.append(contentsOf: (lowercaseOnly ? properties.lowercaseMapping : properties._caseFolded).unicodeScalars)
    }
}
