// shelf-bench: the library (issue #16) at 1,000 books. Generates the books (two thirds
// small EPUBs, one third TXTs, in 10 folders), runs `reader add`'s work on them (books per
// second: content hash + container.xml + OPF, or a TXT's first 16 KiB), then opens the
// bookshelf headless on that library and times the first frame (library file read and
// decoded, every file's presence checked, sorted, rendered, encoded) and one key of
// scrolling (j: handle + render + diff + encode), median and p95.
//
//   swift build -c release --product shelf-bench
//   .build/release/shelf-bench [--books 1000] [--keys 500] [--columns 120] [--rows 40]
import Foundation
import ReaderApp
import ReaderCore
import ReaderState
import Terminal
import TestSupport

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: Int) -> Int {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) else { return fallback }
    return v
}
let bookCount = option("--books", 1000), keys = option("--keys", 500)
let columns = option("--columns", 120), rows = option("--rows", 40)

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: root) }
let books = root.appendingPathComponent("books"), state = root.appendingPathComponent("state")

var t = now()
try GeneratedBooks.writeLibrary(in: books, count: bookCount)
print(String(format: "generated %d books in %.2f s", bookCount, now() - t))

// reader add
let store = LibraryStore(stateFolder: state)
t = now()
let found = LibraryScan.scan([books.path])
let report = try LibraryAdder(store: store).add(found)
let addSeconds = now() - t
let fileBytes = (try? FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.size] as? Int) ?? 0
print(String(format: "add: %d added, %d skipped in %.3f s: %.0f books/s (library file %d KB)",
             report.added, report.skipped.count, addSeconds, Double(report.added) / addSeconds, fileBytes / 1024))

// Some books read, so "recent" and "progress" have something to sort.
try store.update { library in
    for (i, e) in library.entries.enumerated() where i % 4 == 0 {
        library.setProgress(key: e.key, Double(i % 100) / 100, at: Date().timeIntervalSince1970 - Double(i) * 3600)
    }
}

// The bookshelf, headless.
var firsts: [Double] = []
var scrolls: [Double] = []
for round in 0..<5 {
    let terminal = MemoryTerminal(size: TerminalSize(columns: columns, rows: rows))
    t = now()
    let shelf = ShelfLoop(store: store, device: terminal) { _ in nil }
    try shelf.draw()
    firsts.append(now() - t)
    guard round == 0 else { continue }
    for k in 0..<keys {
        t = now()
        _ = shelf.model.handle(k < keys / 2 ? .character("j") : .pageDown)
        try shelf.draw()
        scrolls.append(now() - t)
    }
}
print(String(format: "first frame (%d books, %dx%d): median %.1f ms, max %.1f ms over %d runs",
             bookCount, columns, rows, percentile(firsts, 0.5) * 1000, firsts.max()! * 1000, firsts.count))
print(String(format: "scrolling, per key (j and PgDn): median %.3f ms, p95 %.3f ms, max %.3f ms over %d keys",
             percentile(scrolls, 0.5) * 1000, percentile(scrolls, 0.95) * 1000, scrolls.max()! * 1000, scrolls.count))
