import Foundation
import ReaderApp
import ReaderCore
import ReaderState
import Storage
import TextContent

/// `pager-bench BOOK --export [--count 1000] [--runs 20]`: `reader notes`' work for a book
/// with COUNT highlights (random word ranges of 3–40 words, every tenth with a note):
/// finding them in the text, building the document, and writing it as Markdown and as
/// JSON; then importing the JSON into a fresh state. The book is opened as the reader
/// opens it (a temporary state and cache folder); times are per run, best and median.
enum ExportBench {
    static func run(book: String, count: Int, runs: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
        let store = FilePositionStore(StateStore(folder: directories.state))
        let session = try BookSession.open(book, directories: directories, store: store)
        try session.saveHighlights(highlights(count, in: session.content))
        var build: [Double] = [], markdown: [Double] = [], json: [Double] = []
        var sizes = (0, 0)
        for _ in 0..<runs {
            let t0 = now()
            let document = session.notesDocument()
            let t1 = now()
            let md = NotesMarkdown.render(document)
            let t2 = now()
            let data = try document.json()
            let t3 = now()
            build.append(t1 - t0); markdown.append(t2 - t1); json.append(t3 - t2)
            sizes = (md.utf8.count, data.count)
        }
        print("book: \(book) (\(session.content.bytes.count) bytes of text), \(count) highlights, \(runs) runs")
        report("find + document", build)
        report("Markdown", markdown, bytes: sizes.0)
        report("JSON", json, bytes: sizes.1)
        report("export as Markdown, in all", zip(build, markdown).map(+))
        report("export as JSON, in all", zip(build, json).map(+))
        let exported = session.notesDocument()
        var imports: [Double] = []
        for run in 0..<min(runs, 5) {
            let fresh = FilePositionStore(StateStore(folder: folder.appendingPathComponent("import-\(run)").path))
            let target = try BookSession.open(book, directories: directories, store: fresh)
            let t0 = now()
            let result = try target.importNotes(exported)
            imports.append(now() - t0)
            guard result.added == count else { print("import added \(result.added) of \(count)"); exit(1) }
        }
        report("import into a fresh state (incl. the durable write)", imports)
    }

    /// COUNT highlights on random word ranges (seeded: the same every run).
    static func highlights(_ count: Int, in content: TextContent) -> [TextHighlight] {
        var spaces: [Int] = []
        for (i, b) in content.bytes.enumerated() where b == 0x20 { spaces.append(i) }
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let colors: [HighlightColor] = [.yellow, .green, .blue, .pink, .purple]
        return (0..<count).map { i in
            let first = next(spaces.count - 41), last = first + 3 + next(38)
            return TextHighlight(id: String(format: "%016x", i), range: ByteRange(spaces[first] + 1, spaces[last]),
                                 color: colors[i % 5], note: i % 10 == 0 ? "note \(i)\nsecond line" : nil)
        }
    }

    static func report(_ label: String, _ times: [Double], bytes: Int? = nil) {
        let sorted = times.sorted()
        let size = bytes.map { ", \($0) bytes" } ?? ""
        print(String(format: "%@: best %.2f ms, median %.2f ms%@", label, sorted[0] * 1000, sorted[sorted.count / 2] * 1000, size))
    }
}
