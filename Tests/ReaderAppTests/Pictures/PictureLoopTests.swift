import Foundation
import ReaderCore
import ReaderState
import Storage
import Terminal
import TerminalGraphics
import TextLayout
import XCTest
@testable import ReaderApp

/// Pictures through the whole reader: an HTML book with a JPEG next to it, opened with
/// `BookSession`, drawn by the loop on an in-memory terminal.
final class PictureLoopTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("picture-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ReaderLoopTests.fixtures.appendingPathComponent("images/gradient-64x48.jpg"),
                                         to: folder.appendingPathComponent("pic.jpg"))
        let before = (1...3).map { "<p>Before \($0).</p>" }.joined(), after = (1...30).map { "<p>After \($0).</p>" }.joined()
        try "<html><body>\(before)<img src=\"pic.jpg\" alt=\"gradient\"/><img src=\"gone.png\" alt=\"missing\"/>\(after)</body></html>"
            .write(to: folder.appendingPathComponent("book.html"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func open(_ graphics: GraphicsProtocol) throws -> (ReaderLoop, MemoryTerminal) {
        let directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
        let session = try BookSession.open(folder.appendingPathComponent("book.html").path, directories: directories,
                                           store: FilePositionStore(StateStore(folder: directories.state)))
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: 100, rows: 14), clock: clock)
        let model = session.makeModel(columns: 100, rows: 14, layout: LayoutOptions())
        let loop = ReaderLoop(model: model, session: session, device: device, clock: clock)
        PictureSetup.attach(to: loop, graphics: graphics, cell: CellSize(width: 8, height: 16), environment: [:])
        return (loop, device)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testKittySendsThePictureOnceAndDeletesEverythingOnQuit() throws {
        let (loop, device) = try open(.kitty)
        XCTAssertNotNil(loop.pictures)
        try loop.draw()
        // 13 text rows: three paragraphs and their gaps, then the 3-row picture.
        XCTAssertEqual(loop.model.snapshot.pictures.map(\.rows), [3], "64 × 48 pixels: 8 × 3 cells\n" + (0..<loop.frame.height).map { loop.frame.rowText($0) }.joined(separator: "\n"))
        XCTAssertEqual(text(device.written).components(separatedBy: "a=t,").count - 1, 1, "sent once")
        device.type(" ")         // a page down: the picture goes away
        device.type("b")         // and back
        device.type("q")
        try loop.run()
        let all = text(device.written)
        XCTAssertEqual(all.components(separatedBy: "a=t,").count - 1, 1, "shown again without sending it again")
        XCTAssertGreaterThanOrEqual(all.components(separatedBy: "a=p,").count - 1, 2, "placed again")
        XCTAssertTrue(all.contains("a=d,d=i,"), "removed when it scrolled away")
        XCTAssertTrue(all.hasSuffix(text(KittyGraphics.deleteAll())), "everything deleted on quitting")
    }

    func testAnImageThatCannotBeReadKeepsItsPlaceholderWithOneMessage() throws {
        let (loop, _) = try open(.symbols)
        try loop.draw()
        try loop.draw()
        let rows = (0..<loop.frame.height).map { loop.frame.rowText($0) }
        XCTAssertTrue(rows.contains { $0.contains("[image: missing]") }, rows.joined(separator: "\n"))
        XCTAssertFalse(rows.contains { $0.contains("[image: gradient]") }, "the readable one is drawn")
        XCTAssertTrue(rows.last!.contains("gone.png"), "told on the status line: \(rows.last!)")
        XCTAssertEqual(loop.pictureSizer?.failures, 1)
    }
}
