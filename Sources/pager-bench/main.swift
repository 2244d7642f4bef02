// pager-bench: the cost of one key press in the reader, from the input to the bytes that
// go to the terminal (state update + full render into a ScreenBuffer + diff against the
// previous frame + ANSI encoding), and the bytes written per page turn.
//
//   swift build -c release --product pager-bench
//   .build/release/pager-bench BOOK [--columns 80] [--rows 24] [--turns 300] [--vertical]
//     (--vertical: the key presses in vertical text, issue #23)
//   .build/release/pager-bench BOOK --resize [--rounds 40] [--columns 100] [--columns-b 81] [--rows 30]
//     (resize to frame: re-fit from the kept analyses against a full relayout, see ResizeBench.swift)
//   .build/release/pager-bench BOOK --search PATTERN [--columns 100] [--rows 30]
//     (a search: counting its matches, key to snapshot for Enter and n, see SearchBench.swift)
//   .build/release/pager-bench BOOK --notes [--samples 200] [--columns 100] [--rows 30]
//     (opening and closing a note popup, key to frame, see NotesBench.swift)
//   .build/release/pager-bench BOOK --stats [--turns 300] [--columns 80] [--rows 24]
//     (the reading statistics: the book's census, a page turn's count and time-left estimate, see StatsBench.swift)
//   .build/release/pager-bench --pictures IMAGE [--columns 100] [--rows 30] [--runs 5]
//     (key to frame with a picture on it, per protocol, into a pipe, see PicturesBench.swift)
//   .build/release/pager-bench BOOK --while-loading [--columns 80] [--rows 24] [--runs 5] [--gap-ms 20]
//     (key to frame while the whole book is parsed behind a partial open, see LoadingBench.swift)
//   .build/release/pager-bench BOOK --export [--count 1000] [--runs 20]
//     (reader notes: 1,000 highlights found, exported as Markdown and JSON, imported, see ExportBench.swift)
//   .build/release/pager-bench BOOK --vertical-cache [--rows 24] [--runs 5]
//     (vertical columns set against read from the layout cache, per chapter, see VerticalCacheBench.swift)
//   Any of them with --wrap greedy|optimal (default: the reader's) and --hyphenate auto|off|LANG.
import BookFormats
import Foundation
import ReaderApp
import ReaderCore
import Screen
import TextContent
import TextLayout

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

var args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: Int) -> Int {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) else { return fallback }
    args.removeSubrange(i...(i + 1))
    return v
}
let vertical = args.contains("--vertical")
args.removeAll { $0 == "--vertical" }
let resize = args.contains("--resize")
args.removeAll { $0 == "--resize" }
var searchPattern: String?
if let i = args.firstIndex(of: "--search"), i + 1 < args.count {
    searchPattern = args[i + 1]
    args.removeSubrange(i...(i + 1))
}
func value(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    defer { args.removeSubrange(i...(i + 1)) }
    return args[i + 1]
}
let wrap = value("--wrap").flatMap { w in WrapStyle.allCases.first { $0.name == w } } ?? WrapStyle.defaultForReading
let hyphenate = value("--hyphenate").flatMap(HyphenationChoice.parse) ?? .auto
/// The reader's layout options for `content` with this run's --wrap and --hyphenate.
func baseOptions(for content: TextContent) -> LayoutOptions {
    hyphenate.apply(to: LayoutOptions(wrap: wrap), book: content)
}
if let image = value("--pictures") {
    try PicturesBench.run(image: image, columns: option("--columns", 100), rows: option("--rows", 30), runs: option("--runs", 5))
    exit(0)
}
if args.contains("--while-loading") {
    args.removeAll { $0 == "--while-loading" }
    let columns = option("--columns", 80), rows = option("--rows", 24), runs = option("--runs", 5), gap = option("--gap-ms", 20)
    guard let path = args.first else { FileHandle.standardError.write(Data("pager-bench: --while-loading needs a BOOK\n".utf8)); exit(2) }
    try LoadingBench.run(book: path, columns: columns, rows: rows, runs: runs, gapMilliseconds: gap)
    exit(0)
}
if args.contains("--export") {
    args.removeAll { $0 == "--export" }
    let count = option("--count", 1000), runs = option("--runs", 20)
    guard let path = args.first else { FileHandle.standardError.write(Data("pager-bench: --export needs a BOOK\n".utf8)); exit(2) }
    try ExportBench.run(book: path, count: count, runs: runs)
    exit(0)
}
let notes = args.contains("--notes")
args.removeAll { $0 == "--notes" }
let wide = resize || searchPattern != nil || notes
let columns = option("--columns", wide ? 100 : 80), rows = option("--rows", wide ? 30 : 24), turns = option("--turns", 300)
let columnsB = option("--columns-b", 81), rounds = option("--rounds", 40), samples = option("--samples", 200)
if notes, let path = args.first {
    NotesBench.run(try BookLoader.load(path: path), samples: samples, columns: columns, rows: rows)
    exit(0)
}
if args.contains("--vertical-cache") {
    args.removeAll { $0 == "--vertical-cache" }
    if let path = args.first {
        try VerticalCacheBench.run(try BookLoader.load(path: path), rows: rows, runs: option("--runs", 5))
        exit(0)
    }
}
if args.contains("--stats") {
    args.removeAll { $0 == "--stats" }
    if let path = args.first {
        StatsBench.run(try BookLoader.load(path: path), columns: columns, rows: rows, turns: turns)
        exit(0)
    }
}
if resize, let path = args.first {
    ResizeBench.run(try BookLoader.load(path: path), rounds: rounds, columns: (columns, columnsB), rows: rows)
    exit(0)
}
if let pattern = searchPattern, let path = args.first {
    try SearchBench.run(try BookLoader.load(path: path), pattern: pattern, columns: columns, rows: rows)
    exit(0)
}
guard let path = args.first else {
    print("usage: pager-bench BOOK [--columns 80] [--rows 24] [--turns 300]")
    exit(2)
}

// One-time costs: the Unicode property tables and the line-break pair tables.
let u0 = now()
_ = CellWidth.of("a")
let u1 = now()
_ = LineBreaks.opportunities(in: "a b")
let u2 = now()
print(String(format: "first use of the Unicode tables: properties %.1f ms, line-break tables %.1f ms", (u1 - u0) * 1000, (u2 - u1) * 1000))
let t0 = now()
let content = try BookLoader.load(path: path)
let t1 = now()
let options = baseOptions(for: content)
let tp = now()
let model = ReaderModel(content: content, position: .zero, columns: columns, rows: rows, baseOptions: options)
print("layout: --wrap \(wrap.name), hyphenation \(model.layouts.options.hyphenation?.language ?? "none")")
let renderer = Renderer(theme: .dark)
let encoder = ANSIEncoder()
var frame = ScreenBuffer(width: columns, height: rows)
renderer.render(model.snapshot, into: &frame)
let first = encoder.encode(from: nil, to: frame)
let t2 = now()
let t3 = now()
let warm = ReaderModel(content: content, position: content.chapters[content.chapters.count / 2].range.lowerBound,
                       columns: columns, rows: rows, baseOptions: options)
var warmFrame = ScreenBuffer(width: columns, height: rows)
renderer.render(warm.snapshot, into: &warmFrame)
_ = encoder.encode(from: nil, to: warmFrame)
let t4 = now()
print("book: \(path) (\(content.bytes.count) bytes of text, \(content.chapters.count) chapters)")
print(String(format: "open: %.1f ms; first frame (layout of one chapter + render + encode): %.1f ms, %d bytes, of which %.1f ms loading hyphenation patterns",
             (t1 - t0) * 1000, (t2 - t1) * 1000, first.count, (tp - t1) * 1000))
print(String(format: "the same for another chapter once the Unicode tables are loaded: %.1f ms", (t4 - t3) * 1000))

func measure(_ label: String, _ input: Input) {
    var previous = frame
    var times: [Double] = []
    var bytes: [Int] = []
    var full: [Int] = []
    for _ in 0..<turns {
        // In vertical text, what the reader does between keys when none is waiting (laying
        // out the next chapter's columns) is done here too, outside the time measured.
        while vertical && model.hasIdleWork { model.doIdleWork() }
        let s = now()
        model.handle(input)
        var next = ScreenBuffer(width: columns, height: rows)
        renderer.render(model.snapshot, into: &next)
        let out = encoder.encode(from: previous, to: next)
        times.append(now() - s)
        bytes.append(out.count)
        full.append(encoder.encodeFull(next).count)
        previous = next
    }
    frame = previous
    times.sort()
    let median = times[times.count / 2] * 1000, p95 = times[times.count * 95 / 100] * 1000, worst = times.last! * 1000
    let meanBytes = Double(bytes.reduce(0, +)) / Double(bytes.count)
    let meanFull = Double(full.reduce(0, +)) / Double(full.count)
    print(String(format: "%-22@ median %.3f ms, p95 %.3f ms, max %.3f ms; %.0f bytes written on average (a full redraw of the same frames: %.0f)",
                 label as NSString, median, p95, worst, meanBytes, meanFull))
}

if vertical {
    // Vertical text (issue #23): the same key presses in columns; the first turn into a
    // chapter lays out its vertical pages.
    model.handle(.character("V"))
    measure("vertical: next (←)", .left)
    measure("vertical: back (→)", .right)
    model.jumpToChapter(0)
    measure("vertical: next chapter", .character("]"))
} else {
    measure("page down (Space)", .character(" "))
    measure("page up (b)", .character("b"))
    measure("line down (j)", .character("j"))
    model.jumpToChapter(0)
    measure("next chapter (])", .character("]"))
}
