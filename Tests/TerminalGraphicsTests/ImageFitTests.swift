import XCTest
@testable import TerminalGraphics

/// Cell sizes from the terminal, and how many cells a picture takes.
final class ImageFitTests: XCTestCase {
    func testCellSizeFromTheWindowAndFromTheAnswer() {
        XCTAssertEqual(CellSize.fromWindow(pixelWidth: 800, pixelHeight: 480, columns: 80, rows: 24), CellSize(width: 10, height: 20))
        XCTAssertNil(CellSize.fromWindow(pixelWidth: 0, pixelHeight: 0, columns: 80, rows: 24), "no pixels reported")
        XCTAssertNil(CellSize.fromWindow(pixelWidth: 40, pixelHeight: 480, columns: 80, rows: 24), "less than a pixel a cell")
        XCTAssertEqual(CellSize.fromAnswer(Array("\u{1B}[?62c\u{1B}[6;17;9t".utf8)), CellSize(width: 9, height: 17))
        XCTAssertNil(CellSize.fromAnswer(Array("\u{1B}[6;0;9t".utf8)))
        XCTAssertNil(CellSize.fromAnswer(Array("\u{1B}[4;600;800t".utf8)), "a window size is not a cell size")
        XCTAssertEqual(CellSize(width: 0, height: -3), CellSize(width: 1, height: 1))
    }

    func testAPortraitPictureFitsTheScreenHeight() {
        // 1000 × 1500 pixels, 8 × 16 cells, 70 × 22 cells free: limited by the 352 pixel rows.
        let fit = ImageFit.cells(pixelWidth: 1000, pixelHeight: 1500, cell: .fallback, maxColumns: 70, maxRows: 22)
        XCTAssertEqual(fit.rows, 22)
        XCTAssertEqual(fit.columns, 30)   // 352 × 1000 / 1500 = 234.7 pixels = 29.3 → 30 cells
    }

    func testAWidePictureFitsTheWidthAndASmallOneIsNotEnlarged() {
        let wide = ImageFit.cells(pixelWidth: 2000, pixelHeight: 500, cell: .fallback, maxColumns: 80, maxRows: 40)
        XCTAssertEqual(wide.columns, 80)
        XCTAssertEqual(wide.rows, 10)   // 640 × 500 / 2000 = 160 pixels = 10 rows
        let icon = ImageFit.cells(pixelWidth: 16, pixelHeight: 16, cell: .fallback, maxColumns: 80, maxRows: 40)
        XCTAssertEqual(icon.columns, 2)
        XCTAssertEqual(icon.rows, 1)
        let degenerate = ImageFit.cells(pixelWidth: 0, pixelHeight: 10, cell: .fallback, maxColumns: 80, maxRows: 40)
        XCTAssertEqual(degenerate.columns, 1)
        XCTAssertEqual(degenerate.rows, 1)
        XCTAssertEqual(ImageFit.pixels(columns: 30, rows: 22, cell: .fallback).width, 240)
    }

    func testAFixedLayoutPageIsEnlargedToTheScreen() {
        // A 60 × 90 page in 80 × 30 cells of 10 × 20 (800 × 600 pixels): the 600 pixel rows limit it.
        let cell = CellSize(width: 10, height: 20)
        let page = ImageFit.cells(pixelWidth: 60, pixelHeight: 90, cell: cell, maxColumns: 80, maxRows: 30, enlarge: true)
        XCTAssertEqual(page.rows, 30)
        XCTAssertEqual(page.columns, 40)   // 600 × 60 / 90 = 400 pixels = 40 cells
        let natural = ImageFit.cells(pixelWidth: 60, pixelHeight: 90, cell: cell, maxColumns: 80, maxRows: 30)
        XCTAssertEqual([natural.columns, natural.rows], [6, 5], "not enlarged unless asked")
    }
}
