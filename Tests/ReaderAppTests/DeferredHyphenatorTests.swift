import Foundation
import Hyphenation
import XCTest
@testable import ReaderApp

final class DeferredHyphenatorTests: XCTestCase {
    func points(_ hyphenator: DeferredHyphenator, _ word: String) -> [Int] {
        var points: [Int] = []
        Array(word.utf8).withUnsafeBufferPointer { hyphenator.points(in: $0, into: &points) }
        return points
    }

    func testItHyphenatesLikeThePatternsOnceAsked() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_en_US.dic") else {
            return XCTFail("hyphen-en-us is not installed (make deps installs it)")
        }
        let library = HyphenationLibrary(directory: "/usr/share/hyphen")
        let deferred = DeferredHyphenator(library: library, language: "en-US")
        var expected: [Int] = []
        let eager = try XCTUnwrap(library.hyphenator(for: "en-US"))
        for word in ["hyphenation", "typesetting", "a"] {
            expected.removeAll()
            Array(word.utf8).withUnsafeBufferPointer { eager.points(in: $0, into: &expected) }
            XCTAssertEqual(points(deferred, word), expected, word)
        }
        XCTAssertFalse(points(deferred, "hyphenation").isEmpty)
    }

    func testWhileEarlyAWordGetsNoPointsAndThePatternsLoadBehindThenARelayoutIsDue() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_en_US.dic") else {
            return XCTFail("hyphen-en-us is not installed (make deps installs it)")
        }
        let early = EarlyHyphenation()
        let library = HyphenationLibrary(directory: "/usr/share/hyphen")
        let deferred = DeferredHyphenator(library: library, language: "en-US", early: early)
        XCTAssertFalse(early.relayoutDue, "nothing answered yet")
        early.begin()
        XCTAssertEqual(points(deferred, "hyphenation"), [], "the first frame does not wait for the patterns")
        XCTAssertTrue(early.relayoutPending)
        // The load runs on another thread: wait for it (no time limit is asserted).
        while !early.relayoutDue { usleep(1000) }
        XCTAssertFalse(early.relayoutDue, "due once")
        XCTAssertFalse(points(deferred, "hyphenation").isEmpty, "loaded: the words get their points, early or not")
        early.end()
        XCTAssertFalse(early.isEarly)
        let later = DeferredHyphenator(library: HyphenationLibrary(directory: "/usr/share/hyphen"), language: "en-US", early: early)
        XCTAssertFalse(points(later, "hyphenation").isEmpty, "after the first frame a word waits for its patterns")
        XCTAssertFalse(early.relayoutPending)
    }

    func testTheLayoutsSettingNamesThePatternsWithoutLoadingThemAndUnusablePatternsHyphenateNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deferred-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A damaged file: a NUL byte in a pattern (the check refuses it when it is loaded).
        let damaged = Data("UTF-8\nLEFTHYPHENMIN 2\n1b\0a\n".utf8)
        try damaged.write(to: folder.appendingPathComponent("hyph_xx_XX.dic"))
        let library = HyphenationLibrary(directory: folder.path)
        let (setting, reason) = HyphenationChoice.auto.setting(bookLanguage: "xx-XX", library: library, loading: false)
        XCTAssertNil(reason, "not loaded yet: nothing known against the file")
        XCTAssertEqual(setting?.patterns, "hyph_xx_XX.dic-\(damaged.count)")
        var points: [Int] = [99]
        Array("banana".utf8).withUnsafeBufferPointer { setting?.hyphenator.points(in: $0, into: &points) }
        XCTAssertEqual(points, [99], "unusable patterns add no point")
        let eager = HyphenationChoice.auto.setting(bookLanguage: "xx-XX", library: library)
        XCTAssertNil(eager.setting)
        XCTAssertNotNil(eager.reason, "loading names the problem (reader info)")
    }
}

final class PatternLanguagesTests: XCTestCase {
    func testPhrasesInOtherLanguagesGetTheirPatternsButNotTheSlowGermanFile() throws {
        for file in ["hyph_fr.dic", "hyph_de_DE.dic", "hyph_de.dic"] where !FileManager.default.fileExists(atPath: "/usr/share/hyphen/" + file) {
            return XCTFail("\(file) is not installed (make deps installs hyphen-fr and hyphen-de)")
        }
        let languages = PatternLanguages(library: HyphenationLibrary(directory: "/usr/share/hyphen"))
        XCTAssertNotNil(languages.hyphenator(for: "fr"))
        XCTAssertNil(languages.hyphenator(for: "de"), "hyph_de.dic is a link to the 1.1 MB file")
        XCTAssertNil(languages.hyphenator(for: "de-CH"))
        XCTAssertNil(languages.hyphenator(for: "tlh"), "no patterns")
        XCTAssertFalse(languages.fingerprint.isEmpty)
        XCTAssertEqual(languages.fingerprint, PatternLanguages(library: HyphenationLibrary(directory: "/usr/share/hyphen")).fingerprint)
    }
}
