import Dictionaries
import Foundation
import ReaderApp
import ReaderCore
import XCTest

/// The pager's lookups (`DictionaryLookUp`) on the fixture dictionaries
/// (Tools/fixtures/make_dictionary_fixtures.py → Fixtures/dictionaries).
final class DictionaryLookUpTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dictionaries").path

    private func lookUp(_ files: [String], order: [String] = []) -> DictionaryLookUp {
        DictionaryLookUp { DictionaryShelf.open(files: files.map { Self.root + "/" + $0 }, order: DictionaryOrder(order)) }
    }

    func testAWordIsLookedUpInEveryDictionaryInOrder() {
        let lookUp = lookUp(["dictd/tiny.index", "stardict/mixed/mixed.ifo"])
        let answer = lookUp.answer(LookUpRequest(word: "ran"))
        XCTAssertEqual(answer.word, "ran")
        XCTAssertEqual(answer.definitions.map { "\($0.dictionary): \($0.headword) [\($0.matched)]" },
                       ["Tiny English (fixture): run [ran → run]", "Mixed types (fixture): run []"],
                       "an exact match shows no 'matched' note; an inflection says what it became")
        XCTAssertEqual(answer.warnings, [])
        XCTAssertTrue(answer.definitions[0].text.contains("move fast on foot"), answer.definitions[0].text)
    }

    func testTheOrderSettingPutsADictionaryFirst() {
        let lookUp = lookUp(["dictd/tiny.index", "stardict/mixed/mixed.ifo"], order: ["mixed"])
        XCTAssertEqual(lookUp.answer(LookUpRequest(word: "run")).definitions.map(\.dictionary),
                       ["Mixed types (fixture)", "Tiny English (fixture)"])
    }

    func testJapaneseGetsTheLongestEntryStartingAtTheWord() {
        let lookUp = lookUp(["stardict/cjk/cjk.ifo"])
        let school = lookUp.answer(LookUpRequest(word: "日", following: "日本語学校に行きます"))
        XCTAssertEqual(school.word, "日本語学校")
        XCTAssertEqual(school.definitions.map(\.text), ["にほんごがっこう a Japanese school"])
        let book = lookUp.answer(LookUpRequest(word: "本", following: "本を読む"))
        XCTAssertEqual(book.word, "本")
        XCTAssertEqual(book.definitions.map(\.text), ["ほん book"])
    }

    func testWithNoLongestMatchTheWordItselfIsLookedUp() {
        let lookUp = lookUp(["stardict/cjk/cjk.ifo"])
        let answer = lookUp.answer(LookUpRequest(word: "学校", following: "の本"))
        XCTAssertEqual(answer.word, "学校")
        XCTAssertEqual(answer.definitions.map(\.text), ["がっこう school"])
        let nothing = lookUp.answer(LookUpRequest(word: "猫", following: "猫が"))
        XCTAssertEqual(nothing.word, "猫")
        XCTAssertEqual(nothing.definitions, [])
        XCTAssertEqual(nothing.warnings, [], "a word that is not there is not a problem with a dictionary")
    }

    func testTheShelfIsFoundOnceOnTheFirstLookUp() {
        var calls = 0
        let lookUp = DictionaryLookUp {
            calls += 1
            return DictionaryShelf.open(files: [Self.root + "/dictd/tiny.index"])
        }
        XCTAssertEqual(calls, 0, "making the lookup (opening a book) reads no dictionary")
        _ = lookUp.answer(LookUpRequest(word: "cat"))
        _ = lookUp.answer(LookUpRequest(word: "dog"))
        XCTAssertEqual(calls, 1)
    }

    func testADamagedDictionaryIsWarnedAboutOnceAndTheOthersAnswer() throws {
        let lookUp = lookUp(["damaged/dictd-no-data/no-data.index", "damaged/dictd-not-utf8/not-utf8.index", "dictd/tiny.index"])
        let first = lookUp.answer(LookUpRequest(word: "cat"))
        XCTAssertEqual(first.definitions.map(\.headword), ["cat"])
        XCTAssertEqual(first.warnings.count, 2, "\(first.warnings)")
        XCTAssertTrue(first.warnings[0].contains("no-data.index: no .dict.dz or .dict beside it"), "\(first.warnings)")
        XCTAssertTrue(first.warnings[1].contains("not-utf8"), "\(first.warnings)")
        XCTAssertEqual(lookUp.answer(LookUpRequest(word: "cat")).warnings, [], "said once, not at every lookup")
    }

    func testWithNoDictionaryTheAnswerSaysWhatToInstall() {
        let lookUp = DictionaryLookUp { DictionaryShelf.discover(dictdFolders: [], stardictFolders: []) }
        let answer = lookUp.answer(LookUpRequest(word: "cat"))
        XCTAssertEqual(answer.definitions, [])
        XCTAssertEqual(answer.warnings.count, 1)
        XCTAssertTrue(answer.warnings[0].hasPrefix("No dictionaries found: install dict-wn"), answer.warnings[0])
    }

    func testControlCharactersInAnEntryDoNotSurvive() throws {
        let lookUp = lookUp(["dictd/tiny.index"])
        let text = try XCTUnwrap(lookUp.answer(LookUpRequest(word: "control")).definitions.first?.text)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                       text.debugDescription)
    }
}
