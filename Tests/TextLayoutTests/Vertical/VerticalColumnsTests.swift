import XCTest
import UnicodeData
@testable import TextLayout

/// Columns of vertical text (issue #23): kinsoku at column ends, tate-chū-yoko, order.
final class VerticalColumnsTests: XCTestCase {
    private func texts(_ columns: [VerticalColumn]) -> [String] { columns.map { $0.cells.map(\.text).joined() } }

    func testColumnsFillTheHeightAndBreakAtOpportunities() {
        let columns = VerticalColumns.columns(of: "吾輩は猫である。名前はまだ無い。", height: 5)
        XCTAssertEqual(texts(columns), ["吾輩は猫で", "ある︒名前", "はまだ無", "い︒"], "い goes down with its 。")
    }

    func testNoClosingPunctuationAtAColumnTopAndNoOpeningBracketAtItsBottom() {
        let paragraph = String(repeating: "「ええ、そうです。」と彼は言った――ちょっと待って（本当に）。ゃっ、ーー。『はい』", count: 12)
        // From 10 rows: the longest run the rules keep together here (に）。ゃっ、ーー。 and the
        // 『 that may not end a column) is 10 units; below that, emergency cuts must break it.
        for height in 10...40 {
            let columns = VerticalColumns.columns(of: paragraph, height: height, indent: 1)
            for (n, column) in columns.enumerated() {
                XCTAssertLessThanOrEqual(column.cells.count + column.indent, height, "height \(height), column \(n)")
                if n > 0, let top = column.cells.first?.range.lowerBound {
                    let first = paragraph.utf8.index(paragraph.utf8.startIndex, offsetBy: top)
                    let scalar = paragraph.unicodeScalars[first]
                    let cls = LineBreakClassTable.shared.resolvedClass(scalar.value)
                    XCTAssertFalse([.CL, .CLWide, .CP, .CPWide, .EX, .EXCentered, .IS, .NS, .NSCentered, .NSIteration, .QUFinal, .CJ].contains(cls),
                                   "height \(height): column \(n) starts with \(scalar)")
                }
                if n < columns.count - 1, let last = column.cells.last {
                    XCTAssertFalse(["﹁", "﹃", "︵"].contains(last.text), "height \(height): column \(n) ends with \(last.text)")
                }
            }
        }
    }

    func testTheColumnsHoldTheTextInOrderAtEveryHeight() {
        let text = "東京タワーは1958年に完成した。高さは333mで、ABCDEFの電波を送る。\n改行の後。"
        let expected = text.replacingOccurrences(of: "\n", with: "")
        for height in 1...30 {
            let columns = VerticalColumns.columns(of: text, height: height)
            let ranges = columns.flatMap(\.cells).map(\.range)
            let utf8 = Array(text.utf8)
            XCTAssertEqual(ranges.map { String(decoding: utf8[$0], as: UTF8.self) }.joined(), expected, "height \(height)")
            XCTAssertTrue(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "in order")
        }
    }

    func testTwoDigitsShareARowLongerRunsDoNot() {
        let cells = VerticalColumns.units(of: "第12章、3人とABCと100%")
        XCTAssertEqual(cells.map(\.text), ["第", "12", "章", "︑", "3", "人", "と", "A", "B", "C", "と", "1", "0", "0", "%"])
        XCTAssertEqual(cells.map(\.isCombined), [false, true, false, false, true, false, false, false, false, false, false, false, false, false, false])
    }

    func testALineBreakStartsAColumnAndTheIndentIsOnlyTheFirstColumns() {
        let columns = VerticalColumns.columns(of: "一行目\n二行目の長い行です", height: 6, indent: 1)
        XCTAssertEqual(texts(columns), ["一行目", "二行目の長い", "行です"])
        XCTAssertEqual(columns.map(\.indent), [1, 0, 0])
    }

    func testReadingsFollowTheirBaseInTheSameColumn() {
        // 東京《とうきょう》へ行く: the base's bytes are 0..<6.
        let text = "また東京へ行く。"
        let readings = [VerticalReading(base: 6..<12, text: "とうきょう")]
        let columns = VerticalColumns.columns(of: text, height: 6, readings: readings)
        // Six rows cannot hold 東京 with its seven cells of reading: the base stays whole and
        // its reading goes on in the next column (not before the small ょ).
        XCTAssertEqual(texts(columns), ["また", "東京︵とう", "きょう︶へ行", "く︒"])
        let all = columns.flatMap(\.cells)
        XCTAssertEqual(all.map(\.text).joined(), "また東京︵とうきょう︶へ行く︒")
        XCTAssertEqual(all.filter(\.isReading).count, 7)
        XCTAssertTrue(all.filter(\.isReading).allSatisfy { $0.range == 12..<12 }, "a reading's cells stand at its base's end")
        for height in 9...14 {
            let cols = texts(VerticalColumns.columns(of: text, height: height, readings: readings))
            let base = cols.firstIndex { $0.contains("東") }!
            XCTAssertTrue(cols[base].contains("東京︵とうきょう︶"), "height \(height): \(cols)")
        }
    }

    func testABaseWithAReadingLongerThanTheColumnGoesOnInsideTheReading() {
        let text = "桃川如燕以後の猫"
        let readings = [VerticalReading(base: 0..<12, text: "ももかわじょえん")]
        let columns = texts(VerticalColumns.columns(of: text, height: 10, readings: readings))
        XCTAssertEqual(columns.first, "桃川如燕︵ももかわ", "not before じ's small ょ; the base stays whole")
        XCTAssertEqual(columns.dropFirst().first?.hasPrefix("じょえん︶"), true, "\(columns)")
    }

    func testUprightRangesShareARowWhenTheyFit() {
        // 「本当!?」と123: the upright !? shares a row; an upright run of three cannot.
        let text = "本当!?と123"
        let cells = VerticalColumns.units(of: text)
        let combined = VerticalColumns.combining([6..<8, 11..<14], in: cells)
        XCTAssertEqual(combined.map(\.text), ["本", "当", "!?", "と", "1", "2", "3"])
        XCTAssertEqual(combined[2].range, 6..<8)
        XCTAssertTrue(combined[2].isCombined)
        XCTAssertEqual(VerticalColumns.columns(of: text, height: 10, upright: [6..<8]).flatMap(\.cells).map(\.text),
                       ["本", "当", "!?", "と", "1", "2", "3"])
    }
}
