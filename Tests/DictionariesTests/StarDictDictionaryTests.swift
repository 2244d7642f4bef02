import XCTest
@testable import Dictionaries

/// StarDict dictionaries end to end: uncompressed, dictzip, 64-bit offsets, synonyms, HTML.
final class StarDictDictionaryTests: XCTestCase {
    func open(_ relative: String) throws -> StarDictDictionary {
        let d = try StarDictDictionary(ifoPath: Fixtures.path(relative))
        try d.open()
        return d
    }

    func find(_ d: StarDictDictionary, _ word: String) -> [FoundEntry] { d.candidates(word) { XCTFail("\($0)") } }

    func testPlainUncompressed() throws {
        let d = try open("stardict/plain/plain.ifo")
        XCTAssertEqual(d.title, "Plain StarDict (fixture)")
        XCTAssertEqual(Set(find(d, "apple").map(\.text)), ["a round fruit", "a company"])
        XCTAssertEqual(find(d, "date").map(\.text), ["a sweet fruit"])
        XCTAssertEqual(find(d, "fig"), [])
    }

    func testMixedTypesAndSynonyms() throws {
        let d = try open("stardict/mixed/mixed.ifo")
        XCTAssertEqual(find(d, "color").map(\.text), ["the property of light\n/ˈkʌlə/"])
        XCTAssertEqual(find(d, "colour"), [FoundEntry(key: "colour", headword: "color", text: "the property of light\n/ˈkʌlə/")])
        XCTAssertEqual(find(d, "ran").map(\.headword), ["run"])
        XCTAssertEqual(find(d, "run").map(\.text), ["to move fast"], "the picture is skipped")
        XCTAssertEqual(find(d, "pango").map(\.text), ["bold and italic\nsecond line & more"])
        XCTAssertEqual(find(d, "web").map(\.text), ["first para\nsecond\u{00A0}para\nbroken line"])
        XCTAssertTrue(find(d, "xdxf").first?.text.hasPrefix("xdxf\n[ˈeks]") == true)
    }

    func testWideOffsetsAndHTML() throws {
        let d = try open("stardict/wide/wide.ifo")
        XCTAssertEqual(find(d, "html").map(\.text), ["HyperText Markup\none\ntwo"])
        XCTAssertEqual(find(d, "entity").map(\.text), ["<tag> AB &unknown; &amp;"])
    }

    func testTheTitleBeforeOpeningIsTheBookname() throws {
        XCTAssertEqual(try StarDictDictionary(ifoPath: Fixtures.path("stardict/cjk/cjk.ifo")).title, "Japanese (fixture)")
    }
}
