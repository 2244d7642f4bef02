import Foundation
import Hyphenation
import XCTest

/// Every word of Fixtures/hyphenation/words-<lang>.txt against pyphen's answer over the same
/// Debian pattern file (Tools/fixtures/make_hyphenation_fixtures.py → expected-<lang>.txt).
final class ReferenceFixtureTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hyphenation")

    /// Fixture name → the tag the test asks for and the pattern file it must resolve to.
    static let languages: [(fixture: String, tag: String, file: String)] = [
        ("en-us", "en-US", "hyph_en_US.dic"), ("en-gb", "en-GB", "hyph_en_GB.dic"), ("de", "de", "hyph_de_DE.dic"),
        ("fr", "fr", "hyph_fr.dic"), ("es", "es", "hyph_es_ES.dic"), ("it", "it", "hyph_it_IT.dic"),
        ("pt", "pt", "hyph_pt_PT.dic"), ("pt-br", "pt-BR", "hyph_pt_BR.dic"), ("ru", "ru", "hyph_ru_RU.dic"),
        ("nl", "nl", "hyph_nl_NL.dic"), ("pl", "pl", "hyph_pl_PL.dic"), ("sv", "sv", "hyph_sv_SE.dic"),
    ]

    struct Expected {
        var header = ""
        var words: [(word: String, points: [Int]?, note: String)] = []   // points nil: excluded, note = reason
    }

    static func expected(_ name: String) throws -> Expected {
        let text = try String(contentsOf: fixtures.appendingPathComponent("expected-\(name).txt"), encoding: .utf8)
        var result = Expected()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { result.header = String(line); continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            precondition(fields.count == 3, "bad fixture line: \(line)")
            if fields[1] == "EXCLUDED" {
                result.words.append((fields[0], nil, fields[2]))
            } else {
                result.words.append((fields[0], fields[1].split(separator: ",").map { Int($0)! }, fields[2]))
            }
        }
        return result
    }

    func testEveryLanguageMatchesPyphen() throws {
        var report: [String] = []
        var compared = 0, excluded = 0
        for language in Self.languages {
            guard let hyphenator = HyphenationLibrary.system.hyphenator(for: language.tag) else {
                XCTFail("\(language.tag): \(HyphenationLibrary.system.lookup(language.tag))")
                continue
            }
            XCTAssertEqual((hyphenator.path as NSString).lastPathComponent, language.file, language.tag)
            let expected = try Self.expected(language.fixture)
            XCTAssertTrue(expected.header.contains("minimums \(hyphenator.leftMinimum)/\(hyphenator.rightMinimum)"),
                          "\(language.tag): minimums \(hyphenator.leftMinimum)/\(hyphenator.rightMinimum) vs \(expected.header)")
            XCTAssertGreaterThanOrEqual(expected.words.count, 180, language.fixture)
            for entry in expected.words {
                guard let points = entry.points else {
                    XCTAssertFalse(entry.note.isEmpty, "\(language.fixture) \(entry.word): excluded without a reason")
                    excluded += 1
                    continue
                }
                compared += 1
                let got = hyphenator.points(in: entry.word)
                if got != points {
                    report.append("\(language.fixture) \(entry.word): libhyphen \(got) \(Self.shown(entry.word, got)), pyphen \(points) \(entry.note)")
                }
            }
        }
        XCTAssertTrue(report.isEmpty, "\(report.count) mismatches of \(compared) words:\n" + report.joined(separator: "\n"))
        XCTAssertGreaterThan(compared, 2000)
        print("ReferenceFixtureTests: \(compared) words compared, \(excluded) excluded with a reason, \(report.count) mismatches")
    }

    static func shown(_ word: String, _ points: [Int]) -> String {
        var bytes = Array(word.utf8)
        for p in points.reversed() { bytes.insert(UInt8(ascii: "-"), at: p) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
