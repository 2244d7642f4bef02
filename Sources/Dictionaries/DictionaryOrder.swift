/// The order dictionaries' results come in: a list of names (a dictionary's file name, like
/// `wn`, or its title), compared without regard to case. Listed dictionaries come first, in
/// the list's order; the others after them, in the shelf's order. A name with a leading `-`
/// leaves that dictionary out. Names that match nothing are ignored.
public struct DictionaryOrder: Equatable, Sendable {
    /// The names wanted first, in order (lower-cased).
    public let first: [String]
    /// The names left out (lower-cased).
    public let excluded: Set<String>

    /// The order of `names`.
    public init(_ names: [String]) {
        var first: [String] = [], excluded = Set<String>()
        for raw in names {
            let name = raw.trimmingCharacters(inSet: " \t").lowercased()
            if name.hasPrefix("-") { excluded.insert(String(name.dropFirst())) } else if !name.isEmpty { first.append(name) }
        }
        self.first = first
        self.excluded = excluded
    }

    /// The order of a comma-separated list (`wn,gcide,-freedict-deu-eng`: the config key and `--dictionaries`).
    public init(parsing list: String) {
        self.init(list.split(separator: ",").map(String.init))
    }

    /// Where a dictionary with these names goes: nil when left out, else its rank (listed
    /// ones by their place, the others after them all).
    public func rank(of names: [String]) -> Int? {
        let lowered = names.map { $0.lowercased() }
        if lowered.contains(where: excluded.contains) { return nil }
        return first.firstIndex(where: lowered.contains) ?? first.count
    }
}

extension String {
    /// Without the characters of `set` at either end.
    func trimmingCharacters(inSet set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
