import Foundation
import Hyphenation
import TestSupport
import XCTest

/// Missing, damaged and hostile pattern files, and the closure that makes libhyphen apply every pattern.
final class PatternFileTests: XCTestCase {
    func damage(_ text: String, stem: String = "en_US") -> HyphenationProblem? {
        let folder = PatternFolder()
        folder.write(stem, text)
        let library = HyphenationLibrary(directory: folder.path)
        if case .unavailable(let problem) = library.lookup("en") { return problem }
        return nil
    }

    func reason(_ text: String) -> String {
        guard case .damaged(_, let reason) = damage(text) else { return "accepted" }
        return reason
    }

    func testASmallValidFileLoadsAndHyphenates() {
        let folder = PatternFolder()
        folder.write("en_US", PatternFolder.small)
        let hyphenator = HyphenationLibrary(directory: folder.path).hyphenator(for: "en")
        XCTAssertEqual(hyphenator?.points(in: "hyphenation"), [2, 6])
        XCTAssertEqual(hyphenator?.leftMinimum, 2)
        XCTAssertEqual(hyphenator?.rightMinimum, 3)
    }

    func testEachKindOfDamageIsCaughtBeforeLibhyphenSeesIt() {
        XCTAssertTrue(reason("").contains("empty file"))
        XCTAssertTrue(reason("UTF-8\nab1c\u{0}\n").contains("NUL"))
        XCTAssertTrue(reason("KLINGON-8\na1b\n").contains("first line is not a known character set"))
        XCTAssertTrue(reason("UTF-8\n% only a comment\n").contains("no patterns"))
        XCTAssertTrue(reason("UTF-8\nLEFTHYPHENMIN x\na1b\n").contains("line 2: LEFTHYPHENMIN needs a number"))
        XCTAssertTrue(reason("UTF-8\nRIGHTHYPHENMIN 300\na1b\n").contains("RIGHTHYPHENMIN needs a number"))
        XCTAssertTrue(reason("UTF-8\nNOHYPHEN a,,b\na1b\n").contains("NOHYPHEN"))     // libhyphen would write before its buffer
        XCTAssertTrue(reason("UTF-8\na1b\nNOHYPHEN").contains("NOHYPHEN"))            // no newline: libhyphen chops a letter
        XCTAssertTrue(reason("UTF-8\nNOHYPHEN a\nNOHYPHEN b\na1b\n").contains("a second NOHYPHEN line"))   // libhyphen reads past the text
        XCTAssertTrue(reason("UTF-8\n" + String(repeating: "a1", count: 60) + "\n").contains("longer than 98 bytes"))
        XCTAssertTrue(reason("UTF-8\n123\n").contains("without letters"))
        XCTAssertTrue(reason("UTF-8\nab1c/a=b,5,9\n").contains("outside"))
        XCTAssertTrue(reason("UTF-8\nab1c/ab\n").contains("malformed non-standard"))
        let invalid = "UTF-8\nab1c\n".utf8 + [0xC3, 0x28, 0x0A]
        let folder = PatternFolder()
        folder.write("en_US", Array(invalid))
        guard case .unavailable(.damaged(_, let utf8Reason)) = HyphenationLibrary(directory: folder.path).lookup("en") else {
            return XCTFail("invalid UTF-8 accepted")
        }
        XCTAssertTrue(utf8Reason.contains("line 3: not valid UTF-8"), utf8Reason)
    }

    func testAcceptedOddities() {
        XCTAssertEqual(reason("UTF-8\r\n\n   \n% c\n# c\nNEXTLEVEL\nLEFTHYPHENMIN 1\nNOHYPHEN ',-\na1b\nab1c/a=b,1,2\n"), "accepted")
        XCTAssertEqual(reason("ISO8859-1\na1b\n"), "accepted")
        XCTAssertEqual(reason("microsoft-cp1251\na1b\n"), "accepted")
    }

    func testADamagedFileGivesOneWarningAndNoHyphenationNeverACrash() {
        let folder = PatternFolder()
        folder.write("en_US", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0xFF])   // a PNG header
        folder.write("de", PatternFolder.small)
        let library = HyphenationLibrary(directory: folder.path)
        for _ in 0..<3 { XCTAssertNil(library.hyphenator(for: "en")) }
        XCTAssertNil(library.hyphenator(for: "en-US"))
        XCTAssertNotNil(library.hyphenator(for: "de"))                  // other languages are not affected
        XCTAssertEqual(library.warnings.count, 1)
        guard case .damaged(let path, _) = library.warnings.first else { return XCTFail("\(library.warnings)") }
        XCTAssertTrue(path.hasSuffix("hyph_en_US.dic"), path)
        XCTAssertTrue(library.warnings[0].isWarning)
        XCTAssertTrue(library.warnings[0].description.hasPrefix("hyphenation: damaged pattern file "))
    }

    func testAFolderInPlaceOfAFileIsUnreadableNotFatal() throws {
        let folder = PatternFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/hyph_en_US.dic", withIntermediateDirectories: true)
        let lookup = HyphenationLibrary(directory: folder.path).lookup("en")
        guard case .unavailable(.unreadable(_, let reason)) = lookup else { return XCTFail("\(lookup)") }
        XCTAssertEqual(reason, "not a regular file")
    }

    /// 50 garbage files: random bytes, a valid first line then random bytes, a valid first
    /// line then random pattern-like lines (which may pass the check and reach libhyphen).
    /// None may crash; the hyphenators that load give points on scalar boundaries.
    func testFiftyGarbageFilesNeverCrash() {
        var random = SplitMix64(seed: 15)
        var damaged = 0, loaded = 0
        for index in 0..<(Int(ProcessInfo.processInfo.environment["FUZZ_FILES"] ?? "") ?? 50) {
            var bytes: [UInt8]
            switch index % 3 {
            case 0: bytes = (0..<(1 + random.below(2000))).map { _ in UInt8(random.below(256)) }
            case 1: bytes = Array("UTF-8\n".utf8) + (0..<random.below(2000)).map { _ in UInt8(random.below(256)) }
            default: bytes = Array("UTF-8\n".utf8) + Self.patternLikeLines(&random)
            }
            let folder = PatternFolder()
            folder.write("en_US", bytes)
            let library = HyphenationLibrary(directory: folder.path)
            guard let hyphenator = library.hyphenator(for: "en") else {
                if index % 3 == 0 { XCTAssertEqual(library.warnings.count, 1, "file \(index)") }
                damaged += 1
                continue
            }
            loaded += 1
            for word in ["abcde", "édéabc", "aaaaaaaaaaaaaaaa", "ab'cde", "Bacedab"] {
                let utf8 = Array(word.utf8)
                for p in hyphenator.points(in: word) {
                    XCTAssertTrue(p > 0 && p < utf8.count && utf8[p] & 0xC0 != 0x80, "file \(index) \(word) \(p)")
                }
            }
        }
        XCTAssertEqual(damaged + loaded, Int(ProcessInfo.processInfo.environment["FUZZ_FILES"] ?? "") ?? 50)
        XCTAssertGreaterThanOrEqual(damaged, 17)     // at least every random-bytes file
        XCTAssertGreaterThanOrEqual(loaded, 8)       // and libhyphen did get to read some
        print("garbage pattern files: \(damaged) refused, \(loaded) loaded")
    }

    /// Lines that mostly pass the check: patterns of letters, digits and dots, keywords,
    /// comments, NEXTLEVEL, non-standard patterns, now and then a mangled one.
    static func patternLikeLines(_ random: inout SplitMix64) -> [UInt8] {
        let letters = Array("abcdeé'".unicodeScalars)
        var text = ""
        var noHyphen = false
        for _ in 0..<random.below(300) {
            switch random.below(20) {
            case 0: text += "LEFTHYPHENMIN \(random.below(6))\n"
            case 1: text += "RIGHTHYPHENMIN \(random.below(6))\n"
            case 2 where !noHyphen:
                text += "NOHYPHEN ',a\n"
                noHyphen = true
            case 3: text += "% comment\n"
            case 4:
                if random.below(4) == 0 { text += "NEXTLEVEL\n"; noHyphen = false } else { text += "\n" }
            case 5: text += "ab1c/a=b,1,\(1 + random.below(3))\n"
            case 6 where random.below(50) == 0: text += "a\u{0}\n"   // damaged now and then
            default:
                var line = random.below(5) == 0 ? "." : ""
                for _ in 0..<(1 + random.below(6)) {
                    if random.below(2) == 0 { line += String(random.below(10)) }
                    line.unicodeScalars.append(letters[random.below(letters.count)])
                }
                if random.below(5) == 0 { line += "." }
                text += line + "\n"
            }
        }
        return Array(text.utf8)
    }

    /// libhyphen applies only the longest state's values: without the closure, `a1b` is lost
    /// inside `xab` (a prefix of `xab2c`) and `xabd` gets no point.
    func testTheClosureAppliesPatternsHiddenInsideLongerOnes() {
        let folder = PatternFolder()
        folder.write("en_US", "UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\nxab2c\n")
        let hyphenator = HyphenationLibrary(directory: folder.path).hyphenator(for: "en")!
        XCTAssertEqual(hyphenator.points(in: "xabd"), [2])
        XCTAssertEqual(hyphenator.points(in: "xabc"), [2])     // 1 from a1b, then 2 from xab2c between b and c
        XCTAssertEqual(hyphenator.points(in: "ab"), [1])
    }

    /// `ab3c/a=b,1,2` would be a break with a spelling change between b and c: it keeps
    /// forbidding the plain break `b1c` allows there, and adds none of its own.
    func testANonStandardPatternInhibitsButNeverAddsABreak() {
        let folder = PatternFolder()
        folder.write("en_US", "UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nb1c\nc1d\n")
        folder.write("de", "UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nb1c\nc1d\nab3c/a=b,1,2\n")
        let library = HyphenationLibrary(directory: folder.path)
        XCTAssertEqual(library.hyphenator(for: "en")?.points(in: "abcde"), [2, 3])
        XCTAssertEqual(library.hyphenator(for: "de")?.points(in: "abcde"), [3])
    }

    /// Inputs of `fuzz-hyphenation` that once failed (Fixtures/fuzz-regressions/hyphenation),
    /// replayed as the target does: byte 0 picks a first line, the file up to 0xFF, then words.
    func testFuzzRegressions() throws {
        let directory = ReferenceFixtureTests.fixtures.deletingLastPathComponent().appendingPathComponent("fuzz-regressions/hyphenation")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let input = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            let rest = input.dropFirst()
            let cut = rest.firstIndex(of: 0xFF) ?? rest.endIndex
            let prefix = input[0] & 1 != 0 ? "UTF-8\n" : input[0] & 2 != 0 ? "ISO8859-1\n" : ""
            let folder = PatternFolder()
            folder.write("xx", Array(prefix.utf8) + rest[..<cut])
            let library = HyphenationLibrary(directory: folder.path)
            guard let hyphenator = library.hyphenator(for: "xx") else {
                XCTAssertEqual(library.warnings.count, 1, name)
                continue
            }
            let words = cut < rest.endIndex ? rest[(cut + 1)...].split(separator: 0x20).map { Array($0) } : []
            for word in words {
                var points: [Int] = []
                word.withUnsafeBufferPointer { hyphenator.points(in: $0, into: &points) }
                XCTAssertEqual(points, points.sorted(), name)
                for p in points { XCTAssertTrue(p > 0 && p < word.count && word[p] & 0xC0 != 0x80, "\(name) \(p)") }
            }
        }
    }

    func testRussianNeedsTheClosure() {
        // Debian's hyph_ru_RU.dic has no substrings pass: libhyphen alone gives программи-ро-ва-ние.
        XCTAssertEqual(Hyphenation.points(in: "программирование", language: "ru"), [6, 14, 18, 22, 26])
    }
}
