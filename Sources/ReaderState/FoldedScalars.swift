@_spi(_Unicode) import Swift   // String._nfc: the standard library's own normalization
import UnicodeData

/// The folded scalars of a string, unit by unit, as `LibraryFolding` describes them:
/// computed as they are asked for, so that an order decided by the first letters folds no
/// more (ASCII costs a comparison; only other scalars are decomposed and folded).
struct FoldedScalars<Text: StringProtocol>: IteratorProtocol {
    private let scalars: Text.UnicodeScalarView
    private var index: Text.UnicodeScalarView.Index
    /// The rest of the current unit.
    private var pending: [Unicode.Scalar] = []
    private var pendingIndex = 0
    /// Whether the scalar `next()` returned last began a unit.
    private(set) var startedUnit = false

    /// The folded scalars of `text` from `start` on (the start of a unit: not a mark).
    init(_ text: Text, from start: Text.UnicodeScalarView.Index? = nil) {
        scalars = text.unicodeScalars
        index = start ?? scalars.startIndex
    }

    mutating func next() -> Unicode.Scalar? {
        if pendingIndex < pending.count {
            defer { pendingIndex += 1 }
            startedUnit = false
            return pending[pendingIndex]
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            if scalar.value < 0x80 {
                startedUnit = true
                return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
            }
            if let folded = FoldingTables.smallUnit(of: scalar) {
                startedUnit = true
                return folded
            }
            if LibraryFolding.isMark(scalar) { continue }
            pending.removeAll(keepingCapacity: true)
            if var decomposition = FoldingTables.decomposition(of: scalar) {
                if decomposition[0].value >= FoldingTables.lettersWithDroppedMarks {
                    decomposition = composed(scalar, decomposition)
                }
                FoldingTables.appendUnit(of: decomposition, to: &pending)
            } else {
                pending.append(scalar)
            }
            pendingIndex = 1
            startedUnit = true
            return pending[0]
        }
        return nil
    }

    /// The decomposition of `scalar` composed with the marks after it (NFC), which are
    /// then passed: "か\u{3099}" is "が". A character NFC does not keep (U+0958, U+FB2A:
    /// composition exclusions) is its NFC form, whose marks are left out.
    private mutating func composed(_ scalar: Unicode.Scalar, _ decomposition: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var end = index
        while end < scalars.endIndex, LibraryFolding.isMark(scalars[end]) { scalars.formIndex(after: &end) }
        guard end != index || decomposition.count > 1 else { return decomposition }
        var cluster = String(scalar)
        cluster.unicodeScalars.append(contentsOf: scalars[index..<end])
        index = end
        var composition = cluster._nfc.makeIterator()
        guard let first = composition.next(), first != scalar else { return decomposition }
        return FoldingTables.decomposition(of: first) ?? [first]
    }
}
