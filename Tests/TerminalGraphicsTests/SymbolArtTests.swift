import XCTest
@testable import TerminalGraphics

/// libchafa's symbol art: the colours of the cells follow the picture.
final class SymbolArtTests: XCTestCase {
    /// The colour a cell shows over most of its area: the background of a space, the
    /// foreground of a full block, else whichever chafa put first.
    private func visible(_ c: SymbolArt.Cell) -> UInt32? {
        c.scalar == " " ? c.background : (c.scalar == "\u{2588}" ? c.foreground : c.foreground ?? c.background)
    }

    private func near(_ a: UInt32?, _ b: UInt32, _ tolerance: Int = 24) -> Bool {
        guard let a else { return false }
        return [16, 8, 0].allSatisfy { abs(Int((a >> UInt32($0)) & 0xFF) - Int((b >> UInt32($0)) & 0xFF)) <= tolerance }
    }

    func testHalvesOfTwoColours() throws {
        var rgba: [UInt8] = []
        for _ in 0..<16 { for x in 0..<16 { rgba += x < 8 ? [230, 20, 20, 255] : [20, 20, 230, 255] } }
        let cells = try XCTUnwrap(SymbolArt.render(width: 16, height: 16, rgba: rgba, columns: 4, rows: 2))
        XCTAssertEqual(cells.count, 8)
        for row in 0..<2 {
            XCTAssertTrue(near(visible(cells[row * 4]), 0xE61414), "\(cells[row * 4])")
            XCTAssertTrue(near(visible(cells[row * 4 + 3]), 0x1414E6), "\(cells[row * 4 + 3])")
        }
    }

    func testAnEdgeInsideACellUsesASymbol() throws {
        // Top half white, bottom half black, one cell: a half block with both colours.
        var rgba: [UInt8] = []
        for y in 0..<8 { for _ in 0..<8 { rgba += y < 4 ? [255, 255, 255, 255] : [0, 0, 0, 255] } }
        let cell = try XCTUnwrap(SymbolArt.render(width: 8, height: 8, rgba: rgba, columns: 1, rows: 1)?.first)
        XCTAssertNotEqual(cell.scalar, " ")
        let colours = [cell.foreground, cell.background].compactMap { $0 }
        XCTAssertTrue(colours.contains { near($0, 0xFFFFFF) } && colours.contains { near($0, 0x000000) }, "\(cell)")
    }

    func testZeroSizesDrawNothing() {
        XCTAssertNil(SymbolArt.render(width: 1, height: 1, rgba: [0, 0, 0, 255], columns: 0, rows: 1))
    }
}

extension SymbolArtTests {
    func testTransparentPixelsHaveNoColour() throws {
        let rgba = [UInt8](repeating: 0, count: 8 * 8 * 4)   // fully transparent
        let cell = try XCTUnwrap(SymbolArt.render(width: 8, height: 8, rgba: rgba, columns: 1, rows: 1)?.first)
        XCTAssertTrue(cell.foreground == nil || cell.background == nil, "\(cell)")
    }
}
