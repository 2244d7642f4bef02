// shelf-bench: the library (issue #16) at 1,000 books. Generates the books (two thirds
// small EPUBs, one third TXTs, in 10 folders), runs `reader add`'s work on them (books per
// second: content hash + container.xml + OPF, or a TXT's first 16 KiB), then opens the
// bookshelf headless on that library and times the first frame (library file read and
// decoded, every file's presence checked, sorted, rendered, encoded) and one key of
// scrolling (j: handle + render + diff + encode), median and p95. With `--cover FILE` (an
// image, e.g. a 1000×1500 JPEG) 20 more EPUBs get it as their cover (issue #19) and the
// shelf is timed with its cover panel (`--graphics kitty|sixel|symbols|iterm`, 8×16-pixel
// cells): the first frame, keys while covers are found in the background, and the time
// from a key that selects a book to the frame with its cover, the first time and cached.
//
//   swift build -c release --product shelf-bench
//   .build/release/shelf-bench [--books 1000] [--keys 500] [--columns 120] [--rows 40]
//                              [--cover FILE] [--graphics kitty]
import Foundation
import ReaderApp
import ReaderCore
import ReaderState
import Terminal
import TerminalGraphics
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

let coverFile: String? = args.firstIndex(of: "--cover").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
let graphics = args.firstIndex(of: "--graphics").flatMap { $0 + 1 < args.count ? GraphicsProtocol(rawValue: args[$0 + 1]) : nil } ?? .kitty
let coverBooks = coverFile == nil ? 0 : 20

var t = now()
try GeneratedBooks.writeLibrary(in: books, count: bookCount)
if let coverFile {
    // "A cover 00" … sort first by title.
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: coverFile)))
    let ext = (coverFile as NSString).pathExtension.lowercased()
    let type = ext == "png" ? "image/png" : ext == "webp" ? "image/webp" : ext == "gif" ? "image/gif" : "image/jpeg"
    let folder = books.appendingPathComponent("covers")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for i in 0..<coverBooks {
        try GeneratedBooks.writeEPUB(folder.appendingPathComponent("cover-\(i).epub").path, title: String(format: "A cover %02d", i),
                                     author: "Painter", cover: (ext, type, bytes))
    }
}
print(String(format: "generated %d books in %.2f s", bookCount, now() - t))

// reader add
let store = LibraryStore(stateFolder: state.path)
t = now()
let found = LibraryScan.scan([books.path])
let report = try LibraryAdder(store: store).add(found)
let addSeconds = now() - t
let fileBytes = (try? FileManager.default.attributesOfItem(atPath: store.filePath)[.size] as? Int) ?? 0
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
if coverFile != nil { try benchCovers() }

/// The shelf with its cover panel: first frame, keys while covers load, key → cover drawn.
func benchCovers() throws {
    let cell = CellSize(width: 8, height: 16)
    func panelShelf() -> (ShelfLoop, MemoryTerminal) {
        let terminal = MemoryTerminal(size: TerminalSize(columns: columns, rows: rows))
        let shelf = ShelfLoop(store: store, device: terminal) { _ in nil }
        shelf.coverPanel = ShelfCoverPanel(graphics: graphics, cell: cell)
        return (shelf, terminal)
    }
    /// Draws until the selected book's cover is on the frame; the time from `start`.
    func untilDrawn(_ shelf: ShelfLoop, from start: Double) throws -> Double {
        try shelf.draw()
        while shelf.coverPending { usleep(100); try shelf.draw() }
        return now() - start
    }
    var firsts: [Double] = []
    for _ in 0..<5 {
        t = now()
        let (shelf, _) = panelShelf()
        try shelf.draw()
        firsts.append(now() - t)
    }
    print(String(format: "first frame with the cover panel (%@, looked up after): median %.1f ms, max %.1f ms over %d runs",
                 graphics.rawValue, percentile(firsts, 0.5) * 1000, firsts.max()! * 1000, firsts.count))
    // Keys held down over books whose covers are being looked for.
    var (shelf, terminal) = panelShelf()
    try shelf.draw()
    var held: [Double] = []
    for _ in 0..<keys {
        t = now()
        _ = shelf.model.handle(.character("j"))
        try shelf.draw()
        held.append(now() - t)
    }
    print(String(format: "scrolling with the panel, per key: median %.3f ms, p95 %.3f ms, max %.3f ms over %d keys",
                 percentile(held, 0.5) * 1000, percentile(held, 0.95) * 1000, held.max()! * 1000, held.count))
    // Key → cover: by title the cover books come first.
    (shelf, terminal) = panelShelf()
    _ = shelf.model.handle(.character("s"))
    t = now()
    let opening = try untilDrawn(shelf, from: t)
    var first: [Double] = [], cached: [Double] = []
    var bytes: [Int] = []
    for _ in 1..<coverBooks {
        let mark = terminal.written.count
        t = now()
        _ = shelf.model.handle(.character("j"))
        first.append(try untilDrawn(shelf, from: t))
        bytes.append(terminal.written.count - mark)
    }
    for _ in 1..<coverBooks {
        t = now()
        _ = shelf.model.handle(.character("k"))
        cached.append(try untilDrawn(shelf, from: t))
    }
    let box = shelf.model.coverBox!
    print(String(format: "cover (%@, box %dx%d cells): at opening %.1f ms; key → cover drawn, first time: median %.1f ms, max %.1f ms (%d KB written); cached: median %.2f ms, max %.2f ms over %d books",
                 graphics.rawValue, box.columns, box.rows, opening * 1000, percentile(first, 0.5) * 1000, first.max()! * 1000,
                 bytes.sorted()[bytes.count / 2] / 1024, percentile(cached, 0.5) * 1000, cached.max()! * 1000, cached.count))
}
