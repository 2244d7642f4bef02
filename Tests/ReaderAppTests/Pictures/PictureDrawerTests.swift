import Foundation
import Images
import ReaderCore
import Screen
import TerminalGraphics
import TextContent
import XCTest
@testable import ReaderApp

/// `PictureDrawer`: what each protocol writes for a frame's pictures, and what it does
/// not write again.
final class PictureDrawerTests: XCTestCase {
    static var jpeg: [UInt8] {
        let url = ReaderLoopTests.fixtures.appendingPathComponent("images/gradient-64x48.jpg")
        return [UInt8](try! Data(contentsOf: url))
    }

    final class Counter { var reads = 0 }

    func drawer(_ graphics: GraphicsProtocol, tmux: Bool = false, counter: Counter = Counter(),
                cell: CellSize = CellSize(width: 8, height: 16)) -> PictureDrawer {
        let bytes = Self.jpeg
        let source = PictureSource { name in
            counter.reads += 1
            guard name == "a.jpg" || name == "b.jpg" else { throw CocoaError(.fileNoSuchFile) }
            return bytes
        }
        return PictureDrawer(graphics: graphics, source: source, cell: cell, throughTmux: tmux)
    }

    func picture(_ source: String = "a.jpg", row: Int = 2, column: Int = 5, offset: Int = 100) -> PagePicture {
        PagePicture(source: source, offset: ByteOffset(offset), row: row, column: column, columns: 8, rows: 3, visibleRows: 3)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testKittySendsAPictureOnceAndMovesOnlyPlacements() {
        let d = drawer(.kitty)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let first = d.frame([picture()], into: &buffer, repainting: true)
        XCTAssertFalse(first.repaint)
        let sent = text(first.bytes)
        XCTAssertTrue(sent.contains("a=t,f=32"), "transmitted")
        XCTAssertTrue(sent.contains("s=64,v=48"), "at 8 × 3 cells of 8 × 16 pixels: 64 × 48")
        XCTAssertTrue(sent.contains("\u{1B}7\u{1B}[3;6H\u{1B}_Ga=p,i=100,p=101,c=8,r=3,C=1,q=2\u{1B}\\\u{1B}8"), sent.suffix(120).description)
        XCTAssertTrue(d.frame([picture()], into: &buffer, repainting: false).bytes.isEmpty, "unchanged: nothing")
        let gone = text(d.frame([], into: &buffer, repainting: false).bytes)
        XCTAssertEqual(gone, "\u{1B}_Ga=d,d=i,i=100,p=101,q=2\u{1B}\\", "the placement goes, the picture stays")
        let back = text(d.frame([picture(row: 0)], into: &buffer, repainting: false).bytes)
        XCTAssertFalse(back.contains("a=t"), "shown before: not sent again")
        XCTAssertTrue(back.contains("\u{1B}[1;6H\u{1B}_Ga=p,i=100"))
        XCTAssertTrue(text(d.frame([picture(row: 0)], into: &buffer, repainting: true).bytes).contains("a=p"), "placed again after a repaint")
        // A resize: the picture gets a new box (a new id); the old placement must go.
        var resized = picture(row: 0)
        resized.columns = 6
        let afterResize = text(d.frame([resized], into: &buffer, repainting: true).bytes)
        XCTAssertTrue(afterResize.contains("a=d,d=i,i=100,p=101"), "the old box's placement removed")
        XCTAssertTrue(afterResize.contains("a=t,") && afterResize.contains("c=6,r=3"), "the new box sent and placed")
        XCTAssertEqual(text(d.leaveBytes), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }

    func testKittyInTmuxGoesThroughPassthrough() {
        let d = drawer(.kitty, tmux: true)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let sent = text(d.frame([picture()], into: &buffer, repainting: true).bytes)
        XCTAssertTrue(sent.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p"), "wrapped, ESC doubled")
        XCTAssertTrue(text(d.leaveBytes).hasPrefix("\u{1B}Ptmux;"))
    }

    func testSixelRepaintsWhenAPictureLeaves() {
        let d = drawer(.sixel)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let first = d.frame([picture()], into: &buffer, repainting: true)
        XCTAssertTrue(text(first.bytes).hasPrefix("\u{1B}7\u{1B}[3;6H\u{1B}P0;1;0q\"1;1;64;48"), text(first.bytes).prefix(40).description)
        XCTAssertTrue(d.frame([picture()], into: &buffer, repainting: false).bytes.isEmpty)
        let added = d.frame([picture(), picture("b.jpg", row: 6, offset: 200)], into: &buffer, repainting: false)
        XCTAssertFalse(added.repaint, "only added: no repaint")
        XCTAssertEqual(text(added.bytes).components(separatedBy: "\u{1B}P").count - 1, 1, "just the new one drawn")
        let moved = d.frame([picture("b.jpg", row: 1, offset: 200)], into: &buffer, repainting: false)
        XCTAssertTrue(moved.repaint, "a picture left: the screen is repainted to erase it")
        XCTAssertTrue(text(moved.bytes).contains("\u{1B}[2;6H\u{1B}P"))
        XCTAssertTrue(d.leaveBytes.isEmpty)
    }

    /// Rows 2, 3 and 4 of a picture 8 × 6 cells: a tall page scrolled through (fit width).
    func cropped(top: Int = 2) -> PagePicture {
        PagePicture(source: "a.jpg", offset: ByteOffset(100), row: 0, column: 5, columns: 8, rows: 6, visibleRows: 3, cropTop: top)
    }

    func testKittySendsATallPictureOnceAndPlacesTheRowsOnScreen() {
        let d = drawer(.kitty)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let first = text(d.frame([cropped()], into: &buffer, repainting: true).bytes)
        XCTAssertTrue(first.contains("a=t,f=32,s=64,v=96"), "the whole picture sent: 8 × 6 cells of 8 × 16 pixels")
        XCTAssertTrue(first.contains("\u{1B}[1;6H\u{1B}_Ga=p,i=100,p=101,x=0,y=32,w=64,h=48,c=8,r=3,C=1,q=2\u{1B}\\"),
                      "its rows 2–4 placed over 3 rows: \(first.suffix(90))")
        let next = text(d.frame([cropped(top: 3)], into: &buffer, repainting: false).bytes)
        XCTAssertFalse(next.contains("a=t"), "not sent again")
        XCTAssertFalse(next.contains("a=d"), "the placement moves under the same ids, no delete")
        XCTAssertTrue(next.contains("a=p,i=100,p=101,x=0,y=48,w=64,h=48,c=8,r=3"), next)
        let whole = text(d.frame([picture(row: 0)], into: &buffer, repainting: false).bytes)
        XCTAssertTrue(whole.contains("a=t"), "a box of another size is another picture")
        XCTAssertTrue(whole.contains("a=d,d=i,i=100,p=101"), "the tall one's placement removed")
        XCTAssertFalse(whole.contains("x=0,y="), "a whole picture has no source rectangle")
    }

    func testSixelAndSymbolsDrawOnlyTheRowsOnScreen() throws {
        let d = drawer(.sixel)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let sent = text(d.frame([cropped()], into: &buffer, repainting: true).bytes)
        XCTAssertTrue(sent.contains("\u{1B}P0;1;0q\"1;1;64;48"), "3 visible rows × 16 pixels high: \(sent.prefix(40))")
        let moved = d.frame([cropped(top: 3)], into: &buffer, repainting: false)
        XCTAssertTrue(moved.repaint, "other rows: the old pixels are erased")
        XCTAssertNotEqual(text(moved.bytes), sent, "another crop, another sixel string")
        // The crop is the whole picture's rows 32 ..< 80 (pixels).
        let whole = try XCTUnwrap(d.pixels.pixels(PictureKey(cropped()).whole))
        let part = try XCTUnwrap(d.pixels.pixels(PictureKey(cropped())))
        XCTAssertEqual([whole.width, whole.height, part.width, part.height], [64, 96, 64, 48])
        XCTAssertEqual(part.pixels, Array(whole.pixels[32 * 64 * 4 ..< 80 * 64 * 4]))

        let symbols = drawer(.symbols)
        var cells = ScreenBuffer(width: 40, height: 10)
        _ = symbols.frame([cropped()], into: &cells, repainting: true)
        let painted = (0..<10).map { row in (5..<13).filter { col in
            if case .rgb = cells.cell(row: row, col: col)?.style.background { return true } else { return false }
        }.count }
        XCTAssertEqual(painted, [8, 8, 8, 0, 0, 0, 0, 0, 0, 0], "3 rows of symbols, none below")
    }

    func testITermSendsTheFile() {
        let d = drawer(.iterm)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let sent = text(d.frame([picture()], into: &buffer, repainting: true).bytes)
        XCTAssertTrue(sent.contains("\u{1B}]1337;File=inline=1;size=\(Self.jpeg.count);width=8;height=3"), sent.prefix(80).description)
    }

    func testITermSendsTheRowsOnScreenOfATallPictureAsAPNG() throws {
        let d = drawer(.iterm)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let sent = text(d.frame([cropped()], into: &buffer, repainting: true).bytes)
        let prefix = "\u{1B}]1337;File=inline=1;size="
        XCTAssertTrue(sent.contains(prefix) && sent.contains(";width=8;height=3;"), sent.prefix(80).description)
        let payload = try XCTUnwrap(sent.components(separatedBy: ":").last?.components(separatedBy: "\u{07}").first)
        let file = try XCTUnwrap(Data(base64Encoded: payload))
        let header = try ImageHeader.read([UInt8](file))
        XCTAssertEqual([header.width, header.height], [64, 48], "a PNG of the 3 visible rows, not the JPEG")
        XCTAssertEqual(header.format, .png)
    }

    /// Symbol art is decoded at libchafa's 8 × 8 cell whatever the terminal's (tmux says 16 × 32:
    /// 8 times the pixels); a protocol that sends pixels keeps the terminal's cell.
    func testSymbolsAreDecodedAtChafasCellNotTheTerminals() throws {
        let big = CellSize(width: 16, height: 32)
        let symbols = drawer(.symbols, cell: big)
        XCTAssertEqual(symbols.cell, big, "boxes are fitted in the terminal's cells")
        let decoded = try XCTUnwrap(symbols.pixels.pixels(PictureKey(picture())))
        XCTAssertEqual([decoded.width, decoded.height], [8 * 8, 3 * 8])
        var buffer = ScreenBuffer(width: 40, height: 10)
        _ = symbols.frame([picture()], into: &buffer, repainting: true)
        XCTAssertTrue((2..<5).allSatisfy { row in (5..<13).allSatisfy { buffer[row, $0].style.background != .default } },
                      "every cell of the box painted")
        let kitty = try XCTUnwrap(drawer(.kitty, cell: big).pixels.pixels(PictureKey(picture())))
        XCTAssertEqual([kitty.width, kitty.height], [8 * 16, 3 * 32])
    }

    func testSymbolsPaintCells() {
        let d = drawer(.symbols)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let out = d.frame([picture()], into: &buffer, repainting: true)
        XCTAssertTrue(out.bytes.isEmpty && !out.repaint)
        var coloured = 0
        for row in 2..<5 {
            for col in 5..<13 {
                guard let cell = buffer.cell(row: row, col: col) else { continue }
                if case .rgb = cell.style.background { coloured += 1 }
            }
        }
        XCTAssertEqual(coloured, 24, "every cell of the 8 × 3 box has the picture's colours")
        XCTAssertEqual(buffer.cell(row: 0, col: 0)?.style.background, .default, "outside it nothing")
    }

    func testAnUnreadablePictureIsToldOnceAndNotRetried() {
        let counter = Counter()
        let d = drawer(.kitty, counter: counter)
        var buffer = ScreenBuffer(width: 40, height: 10)
        XCTAssertTrue(d.frame([picture("missing.png")], into: &buffer, repainting: true).bytes.isEmpty)
        XCTAssertNotNil(d.firstProblem)
        _ = d.frame([], into: &buffer, repainting: false)
        _ = d.frame([picture("missing.png")], into: &buffer, repainting: false)
        XCTAssertEqual(counter.reads, 1, "a picture that failed is not read again")
    }

    func testTheNextPagesPicturesAreDecodedAheadAndNotAgain() {
        let counter = Counter()
        let d = drawer(.kitty, counter: counter)
        let ahead = picture(row: 40)
        XCTAssertFalse(d.isPrepared([ahead]))
        d.prepare([ahead])
        d.prepare([ahead])   // asked again while in flight: not decoded twice
        var waited = 0
        while !d.isPrepared([ahead]) && waited < 1000 { usleep(10_000); waited += 1 }
        XCTAssertTrue(d.isPrepared([ahead]), "decoded in the background")
        var buffer = ScreenBuffer(width: 40, height: 10)
        XCTAssertTrue(text(d.frame([picture()], into: &buffer, repainting: true).bytes).contains("a=t,"))
        XCTAssertEqual(counter.reads, 1, "the frame used the pixels decoded ahead")
    }

    /// The encoded bytes read for sizing are drawn from, then dropped: the pixels are kept
    /// instead (a cover's JPEG was half a megabyte held for the whole session).
    func testAPicturesBytesAreDroppedOnceDecoded() throws {
        let counter = Counter()
        let bytes = Self.jpeg
        let source = PictureSource { _ in counter.reads += 1; return bytes }
        let d = PictureDrawer(graphics: .kitty, source: source, cell: CellSize(width: 8, height: 16), throughTmux: false)
        XCTAssertEqual(try source.bytes(of: "a.jpg").count, bytes.count, "sized: read once")
        var buffer = ScreenBuffer(width: 40, height: 10)
        XCTAssertTrue(text(d.frame([picture()], into: &buffer, repainting: true).bytes).contains("a=t,"))
        XCTAssertEqual(counter.reads, 1, "drawn from the bytes kept by the sizing")
        _ = try source.bytes(of: "a.jpg")
        XCTAssertEqual(counter.reads, 2, "dropped once decoded: read again")
    }
}
