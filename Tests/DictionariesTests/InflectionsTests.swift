import XCTest
@testable import Dictionaries

/// Each inflection rule, and the fallbacks through a real lookup.
final class InflectionsTests: XCTestCase {
    func first(_ word: String, in bases: Set<String>) -> String? {
        Inflections.candidates(word).first { bases.contains($0.base) }?.base
    }

    func testEachRule() {
        let bases: Set<String> = ["run", "stop", "try", "fly", "box", "cat", "bake", "happy", "big", "go", "child", "good",
                                  "walk", "hope", "hop", "nice", "travel", "kill", "watch", "fast", "add", "ad", "visit", "eat", "dog"]
        let cases: [(String, String)] = [
            ("cats", "cat"), ("boxes", "box"), ("watches", "watch"), ("flies", "fly"),           // plurals
            ("tried", "try"), ("walked", "walk"), ("baked", "bake"), ("stopped", "stop"),         // past
            ("hoped", "hope"), ("hopped", "hop"), ("added", "add"), ("visited", "visit"),
            ("running", "run"), ("baking", "bake"), ("walking", "walk"), ("eating", "eat"),       // -ing
            ("travelling", "travel"), ("killing", "kill"), ("killed", "kill"),
            ("faster", "fast"), ("fastest", "fast"), ("nicer", "nice"), ("nicest", "nice"),       // comparatives
            ("bigger", "big"), ("biggest", "big"), ("happier", "happy"), ("happiest", "happy"),
            ("went", "go"), ("children", "child"), ("better", "good"),                            // irregular
            ("dog's", "dog"), ("dogs'", "dogs"),
        ]
        for (word, base) in cases { XCTAssertEqual(first(word, in: bases.union(["dogs"])), base, word) }
    }

    func testTheCandidatesSayHow() {
        XCTAssertEqual(Inflections.candidates("running").first, Inflections.Candidate(base: "run", how: "running → run"))
        XCTAssertEqual(Inflections.candidates("Went").first?.how, "Went → go")
        XCTAssertFalse(Inflections.candidates("glass").contains { $0.base == "glas" }, "-ss is not a plural")
        XCTAssertEqual(Inflections.candidates("a"), [])
        XCTAssertFalse(Inflections.candidates("cats").contains { $0.base == "cats" })
    }

    func testFallbacksThroughTheShelf() {
        let shelf = Fixtures.tiny
        let cases = ["running": "running → run", "stopped": "stopped → stop", "tries": "tries → try", "flies": "flies → fly",
                     "boxes": "boxes → box", "cats": "cats → cat", "baking": "baking → bake", "happier": "happier → happy",
                     "biggest": "biggest → big", "went": "went → go", "children": "children → child", "better": "better → good",
                     "Walked": "Walked → walk", "hoping": "hoping → hope", "travelling": "travelling → travel",
                     "killed": "killed → kill", "watches": "watches → watch", "added": "added → add"]
        for (word, how) in cases {
            let entries = shelf.lookUp(word)
            XCTAssertEqual(entries.map(\.matched), [how], word)
        }
        XCTAssertEqual(shelf.lookUp("stop").map(\.matched), ["exact"], "no fallback when the word is there")
        XCTAssertEqual(shelf.lookUp("Marches").map(\.matched), ["Marches → march", "Marches → march"], "both cases of the base")
    }
}
