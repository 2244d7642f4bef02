import XCTest
import Screen
import TextContent
@testable import ReaderCore

/// The themes as drawn: the light theme paints its background on every cell — text,
/// margins, empty rows, the status line — and the encoder sends it (issue #13: `--theme
/// light` on a dark terminal only turned the headings blue).
final class ThemeTests: XCTestCase {
    func model() -> ReaderModel {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Paper", format: .txt))
        b.beginChapter(title: "One", source: "@0")
        b.beginBlock(.heading)
        b.append("One")
        b.beginBlock(.paragraph)
        b.append("Dark ink on light paper, with margins on both sides of a narrow column.")
        b.beginBlock(.blockquote)
        b.append("A quotation.")
        return ReaderModel(content: b.finish(), position: .zero, columns: 40, rows: 12, preferredWidth: 30)
    }

    func render(_ theme: Theme) -> ScreenBuffer {
        let m = model()
        var buffer = ScreenBuffer(width: m.columns, height: m.screenRows)
        Renderer(theme: theme).render(m.snapshot, into: &buffer)
        return buffer
    }

    func testLightThemePaintsEveryCell() {
        let buffer = render(.light)
        for row in 0..<buffer.height {
            for col in 0..<buffer.width {
                XCTAssertNotEqual(buffer[row, col].style.background, .default, "cell (\(row), \(col)) has no background")
            }
        }
        XCTAssertEqual(buffer[0, 0].style.background, .ansi(15), "the margin is paper")
        XCTAssertEqual(buffer[buffer.height - 1, 0].style.background, .ansi(0), "the status line is ink")
        // The encoder sends the background (a full redraw skips only plain blank cells).
        let bytes = String(decoding: ANSIEncoder().encodeFull(buffer), as: UTF8.self)
        XCTAssertTrue(bytes.contains(";107m"), "bright white background (SGR 107) sent")
    }

    func testDarkThemeLeavesTheTerminalBackground() {
        let buffer = render(.dark)
        XCTAssertEqual(buffer[0, 0].style, .plain)
        XCTAssertEqual(buffer[2, 20].style.background, .default)
    }
}
