import TextContent

/// Where the reader jumped from, so it can go back (`Ctrl-O`, `Alt-←`) and forward again
/// (`Alt-→`), like a browser's history or vim's jump list. Entries are byte offsets, so
/// going back returns to the exact text at any width. At most `limit` entries are kept
/// (the oldest go first); a new jump after going back drops the entries ahead.
public struct JumpList: Hashable, Sendable {
    /// The most entries kept.
    public static let limit = 100

    /// The positions, oldest first.
    public private(set) var entries: [ByteOffset]
    /// The entry the reader is at while moving through the list (`entries.count` when it is
    /// not: after a jump, or at the start).
    public private(set) var index: Int

    /// A list of earlier jump origins (oldest first), e.g. from the saved state.
    public init(_ entries: [ByteOffset] = []) {
        self.entries = Array(entries.suffix(Self.limit))
        index = self.entries.count
    }

    /// The reader jumps away from `origin`.
    public mutating func push(_ origin: ByteOffset) {
        entries.removeSubrange(min(index, entries.count)...)
        if entries.last != origin { entries.append(origin) }
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        index = entries.count
    }

    /// Goes back from `current`: the position to show, or nil at the oldest entry.
    public mutating func back(from current: ByteOffset) -> ByteOffset? {
        guard index > 0 else { return nil }
        if index == entries.count { entries.append(current) } else { entries[index] = current }
        index -= 1
        return entries[index]
    }

    /// Goes forward from `current` (after going back): the position to show, or nil.
    public mutating func forward(from current: ByteOffset) -> ByteOffset? {
        guard index + 1 < entries.count else { return nil }
        entries[index] = current
        index += 1
        let target = entries[index]
        if index == entries.count - 1 {
            // Back at the newest place: it is the reading position again, not an entry.
            entries.removeLast()
            index = entries.count
        }
        return target
    }
}
