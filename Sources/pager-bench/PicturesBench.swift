import Foundation
import ReaderApp
import ReaderCore
import ReaderState
import Screen
import Storage
import Terminal
import TerminalGraphics
import TextLayout
import TextContent

/// `pager-bench --pictures IMAGE [--columns 100] [--rows 30] [--runs 5]`: key → frame with
/// a picture on it (issue #19), per protocol, through the whole loop (`ReaderLoop`: state,
/// layout with the picture's rows, render, picture drawing, diff) into a pipe that another
/// thread drains, as a terminal would read it. A fresh loop per run: the first turn onto
/// the picture decodes and encodes it; turning away and back shows it again.
enum PicturesBench {
    static func run(image: String, columns: Int, rows: Int, runs: Int) throws {
        for reading in [0.0, 0.5] { try run(image: image, columns: columns, rows: rows, runs: runs, reading: reading) }
    }

    /// `reading`: seconds on the page before the picture's before turning (the next page's
    /// pictures are decoded in the background meanwhile; 0 turns at once).
    static func run(image: String, columns: Int, rows: Int, runs: Int, reading: Double) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try makeBook(in: folder, image: image)
        let directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
        print("book: an HTML file with \(image) after 40 lines of text; \(columns) × \(rows) cells of 8 × 16 pixels; "
              + (reading > 0 ? "\(reading) s on the page before turning" : "turning at once"))
        for graphics in [GraphicsProtocol.kitty, .sixel, .iterm, .symbols] {
            var onto: [Double] = [], back: [Double] = [], away: [Double] = []
            var bytes = (onto: 0, away: 0, back: 0)
            for _ in 0..<runs {
                let store = FilePositionStore(StateStore(folder: directories.state))
                let session = try BookSession.open(book, directories: directories, store: store)
                let device = PipeTerminal(size: TerminalSize(columns: columns, rows: rows))
                // A few paragraphs before the picture: one page down shows it at the top.
                let content = session.content
                let at = content.blockIndex(atOrAfter: content.images[0].offset)
                let model = session.makeModel(columns: columns, rows: rows, layout: LayoutOptions(),
                                              start: content.blocks[max(0, at - 5)].range.lowerBound)
                let loop = ReaderLoop(model: model, session: session, device: device, clock: SystemClock())
                PictureSetup.attach(to: loop, graphics: graphics, cell: .fallback, environment: [:])
                try loop.draw()
                if reading > 0 { usleep(UInt32(reading * 1_000_000)) }
                let a = try turn(loop, device, .pageDown)
                guard loop.model.snapshot.pictures.count == 1 else {
                    FileHandle.standardError.write(Data("pager-bench: \(image): no picture on the page (\(loop.pictureSizer?.firstProblem ?? "?"))\n".utf8))
                    exit(1)
                }
                let b = try turn(loop, device, .pageDown), c = try turn(loop, device, .pageUp)
                onto.append(a.ms); away.append(b.ms); back.append(c.ms)
                bytes = (a.bytes, b.bytes, c.bytes)
                device.close()
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("state"))
            }
            print(String(format: "%-8@ onto the picture (first time): median %6.1f ms (max %6.1f), %8d bytes | away: %5.1f ms, %6d bytes | back (shown before): median %5.1f ms (max %5.1f), %8d bytes",
                         graphics.rawValue as NSString, median(onto), onto.max()!, bytes.onto, median(away), bytes.away,
                         median(back), back.max()!, bytes.back))
        }
    }

    /// One key, from its event to its frame written into the pipe: milliseconds and bytes.
    static func turn(_ loop: ReaderLoop, _ device: PipeTerminal, _ input: Input) throws -> (ms: Double, bytes: Int) {
        let before = device.bytesWritten
        device.pending.append(input == .pageDown ? .key(KeyEvent(.pageDown)) : .key(KeyEvent(.pageUp)))
        let start = now()
        _ = try loop.step()
        try loop.draw()
        return ((now() - start) * 1000, device.bytesWritten - before)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// An HTML book: 40 short paragraphs, the image, 40 more; next to it a copy of the image.
    static func makeBook(in folder: URL, image: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "picture." + (image as NSString).pathExtension
        try FileManager.default.copyItem(atPath: image, toPath: folder.appendingPathComponent(name).path)
        let before = (1...40).map { "<p>Paragraph \($0) before the picture.</p>" }.joined()
        let after = (1...40).map { "<p>Paragraph \($0) after the picture.</p>" }.joined()
        let html = "<html><head><title>Pictures</title></head><body>\(before)<img src=\"\(name)\" alt=\"a picture\"/>\(after)</body></html>"
        let path = folder.appendingPathComponent("book.html").path
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// A terminal that writes into a pipe a thread drains, and replays scripted events.
final class PipeTerminal: TerminalDevice {
    let terminalSize: TerminalSize
    var pending: [TerminalEvent] = []
    private(set) var bytesWritten = 0
    private let readFD: Int32, writeFD: Int32
    private let drainer: Thread

    init(size: TerminalSize) {
        terminalSize = size
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        readFD = fds[0]; writeFD = fds[1]
        let fd = readFD
        drainer = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while read(fd, &buffer, buffer.count) > 0 {}
        }
        drainer.start()
    }

    func size() -> TerminalSize { terminalSize }

    func write(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(writeFD, $0.baseAddress, $0.count) }
            guard n > 0 else { throw POSIXError(.EIO) }
            done += n
        }
        bytesWritten += bytes.count
    }

    func nextEvent(timeoutMilliseconds: Int?) throws -> TerminalEvent {
        pending.isEmpty ? .timeout : pending.removeFirst()
    }

    func close() {
        Glibc.close(writeFD)
    }
}
