import Foundation
import ReaderApp
import ReaderCore
import ReaderState
import Storage
import Terminal
import TextLayout

/// `pager-bench BOOK --while-loading [--columns 80] [--rows 24] [--runs 5] [--gap-ms 20]`: key
/// to frame while a partial session's whole book is parsed on other threads (issue #20).
/// Opens BOOK from its start with empty folders (so partially, when it is big enough),
/// draws the first frame, then turns a page down and up again every `gap` ms through the
/// whole loop into a drained pipe until the whole book has arrived; prints the first
/// frame, the parse's duration, the turn that takes the whole book over, and the keys
/// timed meanwhile (median, p95, max).
enum LoadingBench {
    static func run(book: String, columns: Int, rows: Int, runs: Int, gapMilliseconds: Int) throws {
        var all: [Double] = []
        for run in 1...runs {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loading-bench-\(getpid())-\(run)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
            var options = BookOpenOptions()
            options.opensPartially = true
            let started = now()
            let session = try BookSession.open(book, options: options, directories: directories,
                                               store: FilePositionStore(StateStore(folder: directories.state)))
            guard session.isPartial else {
                FileHandle.standardError.write(Data("pager-bench: \(book) does not open partially (not an EPUB, or small)\n".utf8))
                exit(1)
            }
            let device = PipeTerminal(size: TerminalSize(columns: columns, rows: rows))
            let model = session.makeModel(columns: columns, rows: rows, layout: baseOptions(for: session.content))
            let loop = ReaderLoop(model: model, session: session, device: device, clock: SystemClock())
            try loop.draw()
            let firstFrame = (now() - started) * 1000
            var times: [Double] = []
            var takeover = 0.0
            // Until the loop has taken the whole book over (the turn that does it — its
            // session, model, first layout, save and settling — is timed apart).
            while loop.session.isPartial {
                usleep(UInt32(gapMilliseconds * 1000))
                let key: KeyEvent = times.count % 2 == 0 ? KeyEvent(.pageDown) : KeyEvent(.pageUp)
                device.pending.append(.key(key))
                let t = now()
                _ = try loop.step()
                try loop.draw()
                let ms = (now() - t) * 1000
                if loop.session.isPartial { times.append(ms) } else { takeover = ms }
            }
            let parsed = (now() - started) * 1000
            device.close()
            all += times
            print(String(format: "run %d: first frame %.1f ms, whole book taken over at %.0f ms, in %.1f ms; %d keys meanwhile: %@",
                         run, firstFrame, parsed, takeover, times.count, summary(times) as NSString))
        }
        print("all runs: \(all.count) keys: " + summary(all))
    }

    static func summary(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "none" }
        let sorted = values.sorted()
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        return String(format: "median %.2f ms, p95 %.2f ms, max %.2f ms", sorted[sorted.count / 2], p95, sorted.last!)
    }
}
