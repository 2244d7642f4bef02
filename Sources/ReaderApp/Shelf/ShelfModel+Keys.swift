import ReaderCore
import ReaderState

extension ShelfModel {
    /// Applies one key: moves, opens, filters, removes, sorts, shows the help or quits.
    public func handle(_ input: Input) -> ShelfAction {
        message = nil
        if showsHelp {
            showsHelp = false
            return input == .control("c") ? .quit : .none
        }
        if isFiltering, let action = handleFilter(input) { return action }
        let last = max(0, visible.count - 1)
        switch input {
        case .character("j"), .down, .control("n"), .wheelDown: selected = min(last, selected + 1)
        case .character("k"), .up, .control("p"), .wheelUp: selected = max(0, selected - 1)
        case .pageDown, .character(" "), .control("f"): selected = min(last, selected + pageRows)
        case .pageUp, .character("b"), .control("b"): selected = max(0, selected - pageRows)
        case .character("g"), .home: selected = 0
        case .character("G"), .end: selected = last
        case .enter, .character("l"), .right: return open()
        case .character("/"): isFiltering = true
        case .character("d"): return remove()
        case .character("s"):
            sort = sort.next
            setFilter(query)
            message = "Sorted by \(sort.rawValue)"
        case .character("?"): showsHelp = true
        case .escape where !query.isEmpty: setFilter("")
        case .character("q"), .escape, .control("c"): return .quit
        default: break
        }
        return .none
    }

    /// A key while the filter is typed; nil when it is not the filter's (moves).
    private func handleFilter(_ input: Input) -> ShelfAction? {
        switch input {
        case .character(let c): setFilter(query + String(c))
        case .backspace: if !query.isEmpty { setFilter(String(query.dropLast())) }
        case .enter: isFiltering = false
        case .escape:
            isFiltering = false
            setFilter("")
        case .control("c"): return .quit
        case .control("u"): setFilter("")
        default: return nil
        }
        return ShelfAction.none
    }

    /// The selected book, or a message when its file is missing.
    private func open() -> ShelfAction {
        guard let entry = selectedEntry else { return .none }
        if missing.contains(entry.key) {
            message = "Missing: \(entry.path) — if it moved, reader add its new folder to find it again; d removes it"
            return .none
        }
        return .open(entry)
    }

    /// Drops the selected entry from the list (at once) and asks the loop to drop it from the file.
    private func remove() -> ShelfAction {
        guard let entry = selectedEntry, !showsSample else { return .none }
        replace(entries: entries.filter { $0.key != entry.key }, missing: missing)
        message = "Removed \(entry.title) from the library (the file is kept)"
        return .remove(key: entry.key)
    }
}
