import XCTest
@testable import Dictionaries

/// Entry data: sametypesequence or typed fields; text types kept, others skipped.
final class StarDictFieldsTests: XCTestCase {
    func testSameTypeSequence() {
        XCTAssertEqual(StarDictFields.text(Array("just text".utf8), sameTypes: Array("m".utf8)), "just text")
        XCTAssertEqual(StarDictFields.text(Array("ˈrʌn\0to run".utf8), sameTypes: Array("tm".utf8)), "/ˈrʌn/\nto run")
        XCTAssertEqual(StarDictFields.text([0, 0, 0, 3, 1, 2, 3] + Array("text".utf8), sameTypes: Array("Wm".utf8)), "text",
                       "a sound (W) skipped by its size")
    }

    func testTypedFields() {
        let data = Array("mfirst\0".utf8) + [UInt8(ascii: "P"), 0, 0, 0, 2, 0xFF, 0xD8] + Array("h<b>bold</b>\0".utf8)
        XCTAssertEqual(StarDictFields.text(data, sameTypes: nil), "first\nbold")
        XCTAssertEqual(StarDictFields.text(Array("mno terminator".utf8), sameTypes: nil), "no terminator")
    }

    func testMalformedFields() {
        XCTAssertNil(StarDictFields.text([UInt8(ascii: "W"), 0xFF, 0xFF, 0xFF, 0xFF, 1], sameTypes: nil), "size past the end")
        XCTAssertNil(StarDictFields.text([UInt8(ascii: "W"), 0, 0], sameTypes: nil), "size cut short")
        XCTAssertNil(StarDictFields.text([0, 0, 9] + Array("x".utf8), sameTypes: Array("Wm".utf8)))
    }

    func testLocaleTextOnlyWhenUTF8() {
        XCTAssertEqual(StarDictFields.fieldText(UInt8(ascii: "l"), ArraySlice(Array("ok".utf8))), "ok")
        XCTAssertNil(StarDictFields.fieldText(UInt8(ascii: "l"), [0xE9]))
        XCTAssertNil(StarDictFields.fieldText(UInt8(ascii: "r"), ArraySlice(Array("img:a.png".utf8))), "resources are skipped")
    }
}
