import Glibc
import ReaderApp
import ReaderState
import Storage
import Support

/// `reader add DIR…`: every book file (`LibraryScan`) under the folders (recursively) into the
/// library, without opening them: the content hash and the metadata only. A book found
/// again by its content hash (moved, or added twice) is updated, not duplicated. Progress
/// on stderr when it is a terminal; one line on stderr for each file skipped; the summary
/// on stdout.
enum AddCommand {
    static func run(_ args: [String]) throws {
        let a = try Arguments(args, specs: [])
        guard !a.positionals.isEmpty else { throw CLIError.usage("add needs at least one folder or book: reader add DIR…") }
        let directories = XDGDirectories(environment: Environment.variables())
        let found = LibraryScan.scan(a.positionals)
        let progress = Output.isTerminal(STDERR_FILENO) ? ProgressLine() : nil
        let report: LibraryAdder.Report
        do {
            report = try LibraryAdder(store: LibraryStore(stateFolder: directories.state)).add(found) { done, total in
                progress?.draw(done: done, total: total)
            }
        } catch {
            progress?.clear()
            throw CLIError.other("cannot write the library: \(error)", .outputFailed)
        }
        progress?.clear()
        for (path, reason) in report.skipped { Diagnostics.warning("\(path): skipped: \(reason)") }
        var out = Output()
        let already = report.unchanged > 0 ? " (\(report.unchanged) already in the library)" : ""
        out.write("added \(report.added), updated \(report.updated), skipped \(report.skipped.count)\(already)\n")
        out.flush()
    }
}

/// A one-line progress bar on stderr, redrawn at most ten times a second.
final class ProgressLine {
    private var lastDraw = -Double.infinity
    private let start = WallClock.now()

    /// Draws "[####....] 120/1000 books  85 books/s".
    func draw(done: Int, total: Int) {
        let now = WallClock.now()
        guard done == total || now - lastDraw >= 0.1 else { return }
        lastDraw = now
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let elapsed = now - start
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        write("\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
              + "\(done)/\(total) books  " + DecimalText.fixed(rate, places: 0) + " books/s" + "\u{1B}[K")
    }

    /// Clears the line.
    func clear() { write("\r\u{1B}[K") }

    private func write(_ s: String) {
        var bytes = Array(s.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
