import XCTest
@testable import TextContent

/// `addRuby`, `appendRuby` and `addEmphasisMarks`: bases inside the open block, readings
/// cleaned, no overlap, trimmed with the block, shifted when builders are joined.
final class TextContentBuilderRubyTests: XCTestCase {
    func builder() -> TextContentBuilder { TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt)) }

    func testReadingsAreCleanedAndBasesKeptInTheirBlock() {
        var b = builder()
        b.beginBlock(.paragraph)
        XCTAssertTrue(b.appendRuby(base: "漢字", reading: "  かん\n じ\u{1B}[31m "))
        XCTAssertFalse(b.appendRuby(base: "無", reading: " \n "), "an empty reading: the base only")
        b.append("と")
        let c = b.finish()
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.string(in: c.fullRange), "漢字無と")
        XCTAssertEqual(c.rubies.count, 1)
        XCTAssertEqual(c.reading(of: c.rubies[0]), "かん じ", "whitespace collapsed, escape dropped")
    }

    func testABaseShowsItsLastCharacterAndNeverCrossesALineBreak() {
        var b = builder()
        b.beginBlock(.paragraph)
        b.append("ab  ")
        XCTAssertTrue(b.addRuby(over: ByteRange(0, 4), reading: "x"))
        b.append("c")
        b.appendLineBreak()
        b.append("d")
        XCTAssertFalse(b.addRuby(over: ByteRange(4, b.currentOffset.rawValue), reading: "y"), "across the hard break")
        let c = b.finish()
        XCTAssertEqual(c.rubies.map(\.base), [ByteRange(0, 2)], "trailing spaces are not the base")
    }

    func testOverlapsAndOutsideTheBlockAreRefusedAndTrimmingClamps() {
        var b = builder()
        b.beginBlock(.paragraph)
        b.append("一二三")
        XCTAssertTrue(b.addRuby(over: ByteRange(0, 6), reading: "いちに"))
        XCTAssertFalse(b.addRuby(over: ByteRange(3, 9), reading: "にさん"), "overlaps the one before")
        b.beginBlock(.paragraph)
        b.append("四")
        XCTAssertFalse(b.addRuby(over: ByteRange(6, 13), reading: "x"), "starts before the open block")
        XCTAssertTrue(b.addEmphasisMarks(over: ByteRange(10, 13), mark: .sesame))
        b.append("   ")
        let c = b.finish()
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.emphasisMarks.map(\.range), [ByteRange(10, 13)])
    }

    func testJoinedBuildersShiftBasesAndReadings() {
        var first = builder()
        first.beginBlock(.paragraph)
        first.appendRuby(base: "甲", reading: "こう")
        var second = builder()
        second.beginBlock(.paragraph)
        second.appendRuby(base: "乙", reading: "おつ")
        first.append(second)
        let c = first.finish()
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.rubies.map { c.string(in: $0.base) }, ["甲", "乙"])
        XCTAssertEqual(c.rubies.map { c.reading(of: $0) }, ["こう", "おつ"])
    }
}
