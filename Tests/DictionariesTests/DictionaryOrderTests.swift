import XCTest
@testable import Dictionaries

/// The configured order of dictionaries.
final class DictionaryOrderTests: XCTestCase {
    func testRanks() {
        let order = DictionaryOrder(parsing: "wn, GCIDE,-freedict-deu-eng,nothing")
        XCTAssertEqual(order.rank(of: ["gcide", "The Collaborative International Dictionary"]), 1)
        XCTAssertEqual(order.rank(of: ["wn", "WordNet"]), 0)
        XCTAssertNil(order.rank(of: ["freedict-deu-eng", "German - English"]))
        XCTAssertEqual(order.rank(of: ["other", "Other"]), 3, "unlisted ones after all the listed names")
        XCTAssertEqual(DictionaryOrder([]).rank(of: ["x"]), 0)
        XCTAssertEqual(DictionaryOrder(parsing: "").first, [])
    }

    func testTheShelfOrdersItsResults() {
        let files = ["dictd/tiny.index", "stardict/plain/plain.ifo", "stardict/mixed/mixed.ifo"]
        let byTitle = Fixtures.shelf(files, order: ["Mixed types (fixture)", "tiny"]).shelf
        XCTAssertEqual(byTitle.lookUp("run").map(\.dictionary), ["Mixed types (fixture)", "Tiny English (fixture)"])
        let byName = Fixtures.shelf(files, order: ["unknown", "mixed"]).shelf
        XCTAssertEqual(byName.lookUp("run").map(\.dictionary), ["Mixed types (fixture)", "Tiny English (fixture)"])
        let unordered = Fixtures.shelf(files).shelf
        XCTAssertEqual(unordered.lookUp("run").map(\.dictionary), ["Tiny English (fixture)", "Mixed types (fixture)"])
        let without = Fixtures.shelf(files, order: ["-tiny"]).shelf
        XCTAssertEqual(without.lookUp("run").map(\.dictionary), ["Mixed types (fixture)"])
        XCTAssertEqual(without.titles, ["Plain StarDict (fixture)", "Mixed types (fixture)"])
    }
}
