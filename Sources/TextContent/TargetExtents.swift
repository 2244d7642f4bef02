/// What a `TextContentBuilder` knows about the elements that define link targets beyond
/// where they start: where each one ended (its extent, for a block element with an id)
/// and which of them are notes (`epub:type` footnote/endnote/…, `<aside>`, an id in a
/// notes document). `finish()` turns links to notes into note references and collects the
/// extents of the notes they point at (`TextContent.notes`).
struct TargetExtents {
    /// Where the element that defined a target key ended (its start is the target).
    private(set) var ends: [String: ByteOffset] = [:]
    /// The target keys whose element is a note.
    private(set) var noteKeys: Set<String> = []

    /// The element of `key` ended at `end` (only the first definition's end counts).
    mutating func setEnd(_ end: ByteOffset, of key: String) {
        if ends[key] == nil { ends[key] = end }
    }

    /// The element of `key` is a note.
    mutating func markNote(_ key: String) { noteKeys.insert(key) }

    /// Takes `other`'s extents and notes for the keys in `taken` (the keys whose target
    /// `other` defined first), shifting the ends with `shift`.
    mutating func append(_ other: TargetExtents, taking taken: Set<String>, shift: (ByteOffset) -> ByteOffset) {
        for (key, end) in other.ends where taken.contains(key) && ends[key] == nil { ends[key] = shift(end) }
        for key in other.noteKeys where taken.contains(key) { noteKeys.insert(key) }
    }

    /// Whether a link to `key` points at a note.
    func isNote(_ key: String) -> Bool { noteKeys.contains(key) }

    /// The extent of the element that defined `key` at `start`: nil when it recorded no end
    /// or is empty; clamped to the text (`textCount`).
    func extent(of key: String, start: ByteOffset, textCount: Int) -> ByteRange? {
        guard let end = ends[key] else { return nil }
        let upper = min(end.rawValue, textCount), lower = min(start.rawValue, upper)
        return upper > lower ? ByteRange(lower, upper) : nil
    }

    /// `extents` sorted by lower bound with one per start (the longest: an `<li id>` whose
    /// first `<p id>` starts where it does).
    static func sortedUnique(_ extents: [ByteRange]) -> [ByteRange] {
        let sorted = extents.sorted { $0.lowerBound != $1.lowerBound ? $0.lowerBound < $1.lowerBound : $0.upperBound > $1.upperBound }
        var out: [ByteRange] = []
        out.reserveCapacity(sorted.count)
        for r in sorted where out.last?.lowerBound != r.lowerBound { out.append(r) }
        return out
    }
}
