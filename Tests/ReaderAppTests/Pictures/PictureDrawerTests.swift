import Foundation
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

    func drawer(_ graphics: GraphicsProtocol, tmux: Bool = false, counter: Counter = Counter()) -> PictureDrawer {
        let bytes = Self.jpeg
        let source = PictureSource { name in
            counter.reads += 1
            guard name == "a.jpg" || name == "b.jpg" else { throw CocoaError(.fileNoSuchFile) }
            return bytes
        }
        return PictureDrawer(graphics: graphics, source: source, cell: CellSize(width: 8, height: 16), throughTmux: tmux)
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

    func testITermSendsTheFile() {
        let d = drawer(.iterm)
        var buffer = ScreenBuffer(width: 40, height: 10)
        let sent = text(d.frame([picture()], into: &buffer, repainting: true).bytes)
        XCTAssertTrue(sent.contains("\u{1B}]1337;File=inline=1;size=\(Self.jpeg.count);width=8;height=3"), sent.prefix(80).description)
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
}
