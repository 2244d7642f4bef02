import Foundation
import TestSupport
import XCTest
@testable import ReaderState

/// The bookshelf's sort and filter (`LibraryFolding`) against what Foundation's
/// `compare(_:options:)` and `range(of:options:)` with `[.caseInsensitive,
/// .diacriticInsensitive]` answered before: titles and authors in many scripts, every short
/// piece of them as a query, random strings; and the documented differences.
final class LibraryFoldingTests: XCTestCase {
    static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// Titles and authors: Latin with accents, Greek, Cyrillic, CJK, kana, Hangul, Indic,
    /// Thai, Arabic, Hebrew, ligatures, ß, Turkish I, mixed case, digits, the empty string.
    static let corpus = [
        "", " ", "A", "a", "Z", "z", "1984", "2001: A Space Odyssey", "[Untitled]", "_draft", "~notes",
        "Les Misérables", "les miserables", "LES MISÉRABLES", "Victor Hugo", "Émile Zola", "emile zola", "Éric-Emmanuel Schmitt",
        "À la recherche du temps perdu", "Marcel Proust", "Gérard de Nerval", "Ève", "Œuvres complètes", "oeuvres", "Cœur",
        "Straße", "STRASSE", "Strasse", "Die Leiden des jungen Werthers", "Günter Grass", "GÜNTER GRASS", "Müller", "Mueller",
        "ẞ", "ß", "ss", "Ångström", "angstrom", "Æsop", "aesop", "Ærø", "Søren Kierkegaard", "soren", "Łódź", "lodz", "Kraków",
        "Čapek", "capek", "Karel Čapek", "Dvořák", "dvorak", "Ţară", "Ștefan", "İstanbul", "istanbul", "ISTANBUL", "ıstanbul",
        "Orhan Pamuk", "Kar", "Ağrı", "ﬁnal", "final", "FINAL", "ﬂower", "oﬀ", "eﬃcient", "Ĳssel", "ijssel", "ǅemal", "džemal",
        "Ὅμηρος", "ομηρος", "ΟΔΥΣΣΕΙΑ", "Οδύσσεια", "οδυσσεια", "σοφός", "ΣΟΦΟΣ", "Ἀριστοτέλης", "Πλάτων",
        "Война и мир", "ВОЙНА И МИР", "война и мир", "Лев Толстой", "Фёдор Достоевский", "Федор Достоевский", "Ёж", "ёж", "Йод",
        "Идиот", "Анна Каренина", "Україна", "Тарас Шевченко", "Їжак",
        "吾輩は猫である", "夏目漱石", "ノルウェイの森", "村上春樹", "がっこう", "かっこう", "ガラス", "カラス", "ぱん", "ばん", "はん",
        "紅樓夢", "红楼梦", "曹雪芹", "三國演義", "豈", "더 베지테리언", "한강", "하늘", "채식주의자",
        "हिंदी", "हिदी", "प्रेमचंद", "गोदान", "ไม้", "ไม", "ข้างหลังภาพ", "ألف ليلة وليلة", "نجيب محفوظ", "آدم", "عَرَبِيّ", "עברית",
        "שָׁלוֹם", "ש.י. עגנון", "Ｆｕｌｌ", "full", "Ⅻ", "xii", "½", "x²", "№ 7", "😀 emoji", "👍🏽", "Zoë", "zoe", "Brontë", "naïve",
        "résumé", "Résumé", "resume", "Tiếng Việt", "Nguyễn Du", "NGUYỄN", "Ελληνικά", "Հայաստան", "ՀԱՅԱՍՏԱՆ", "საქართველო",
        "Ɐ", "ɐ", "Ǻ", "ǻ", "Ώ", "ώ", "ǰ", "ŉ", "µ", "μ", "ſ", "ẛ", "Ꭰ", "ꭰ", "Ա", "ա", "Ⴀ", "ⴀ", "Ჰ", "ჰ", "𐐀", "𐐨",
    ]

    func order(_ a: String, _ b: String) -> Int { LibraryFolding.order(a, b) }
    func foundationOrder(_ a: String, _ b: String) -> Int { a.compare(b, options: Self.options).rawValue }
    func matches(_ text: String, _ query: String) -> Bool {
        Library.matches(LibraryEntry(key: "k", path: "/b.epub", title: text, authors: [], format: "epub", fileSize: 1,
                                     added: 0, lastOpened: nil, progress: 0), query: query)
    }
    func foundationMatches(_ text: String, _ query: String) -> Bool {
        query.isEmpty || text.range(of: query, options: Self.options) != nil
    }

    /// Difference 1 (`LibraryFolding`): after a character of `b` folded to several scalars
    /// (ß, ﬁ, 한, が), Foundation takes any folded character of `a` as equal (and with `a`
    /// and `b` the other way round, may compare a mark instead of skipping it).
    func meetsFoundationFoldingBug(_ a: String, _ b: String) -> Bool {
        b.unicodeScalars.contains { LibraryFolding.folded(String($0)).count > 1 } && a.unicodeScalars.contains { $0.value >= 0x80 }
    }

    func testOrderAgreesWithFoundationOnTitlesAndAuthors() {
        var compared = 0
        for a in Self.corpus {
            for b in Self.corpus where !meetsFoundationFoldingBug(a, b) {
                XCTAssertEqual(order(a, b), foundationOrder(a, b), "\(a.debugDescription) vs \(b.debugDescription)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// The shelf's title and author orders over the corpus free of characters that fold to
    /// two (whose comparisons meet Foundation's bug either way round).
    func testSortByTitleAndAuthorIsFoundationsOrder() {
        let plain = Self.corpus.filter { s in !s.unicodeScalars.contains { LibraryFolding.folded(String($0)).count > 1 } }
        let entries = plain.enumerated().map { i, s in
            LibraryEntry(key: "k\(i)", path: "/books/\(1000 + i).epub", title: s, authors: [plain[(i * 7) % plain.count]],
                         format: "epub", fileSize: 1, added: 0, lastOpened: nil, progress: 0)
        }
        func foundationSorted(_ key: (LibraryEntry) -> String) -> [String] {
            entries.sorted { a, b in
                let c = key(a).compare(key(b), options: Self.options)
                return c != .orderedSame ? c == .orderedAscending : a.path < b.path
            }.map(\.key)
        }
        let library = Library(entries: entries)
        XCTAssertEqual(library.sorted(by: .title).map(\.key), foundationSorted(\.title))
        XCTAssertEqual(library.sorted(by: .author).map(\.key), entries.sorted { a, b in
            let c = a.authors[0].compare(b.authors[0], options: Self.options)
            if c != .orderedSame { return c == .orderedAscending }
            let t = a.title.compare(b.title, options: Self.options)
            return t != .orderedSame ? t == .orderedAscending : a.path < b.path
        }.map(\.key))
        XCTAssertGreaterThan(entries.count, 120)
    }

    /// Every piece of one to four characters of every title, as typed and in upper and
    /// lower case and without diacritics, against every title.
    func testFilterAgreesWithFoundationOnPiecesOfTitles() {
        var queries = Set<String>()
        for s in Self.corpus {
            let characters = Array(s)
            for start in characters.indices {
                for length in 1...4 where start + length <= characters.count {
                    let piece = String(characters[start..<start + length])
                    queries.formUnion([piece, piece.uppercased(), piece.lowercased(),
                                       piece.folding(options: .diacriticInsensitive, locale: nil)])
                }
            }
        }
        var checked = 0
        for query in queries.sorted() {
            for text in Self.corpus where !meetsFoundationFoldingBug(text, query) {
                XCTAssertEqual(matches(text, query), foundationMatches(text, query), "\(text.debugDescription) ∋ \(query.debugDescription)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// Random strings of letters that fold, marks and other scripts; cases the documented
    /// differences cover are left out (and counted, so the filter cannot swallow everything).
    func testRandomStringsAgreeWithFoundation() {
        let pool = Array("aAeEéÉèsSßﬁfiIİıçÇoØøœ ΩωΆάσςΣёЁйЙи日本がかガカ한하ñ-1\u{301}\u{308}\u{3099}हिंदीไม้آاשׁ😀👍🏽Ａａ".unicodeScalars)
        var random = SplitMix64(seed: 0x5EED_F01D)
        func string(_ length: Int) -> String {
            String(String.UnicodeScalarView((0..<random.below(length + 1)).map { _ in pool[random.below(pool.count)] }))
        }
        func marksAfterLetters(_ s: String) -> Bool {
            let scalars = Array(s.unicodeScalars)
            return zip(scalars, scalars.dropFirst()).contains { $0.value >= 0x80 && LibraryFolding.isMark($1) }
                || scalars.first.map(LibraryFolding.isMark) == true
        }
        var compared = 0
        for _ in 0..<40_000 {
            let a = string(5), b = string(3)
            guard !meetsFoundationFoldingBug(a, b), !meetsFoundationFoldingBug(b, a), !marksAfterLetters(a), !marksAfterLetters(b)
            else { continue }
            XCTAssertEqual(order(a, b), foundationOrder(a, b), "\(a.debugDescription) vs \(b.debugDescription)")
            XCTAssertEqual(matches(a, b), foundationMatches(a, b), "\(a.debugDescription) ∋ \(b.debugDescription)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    func testFoldingExamples() {
        XCTAssertEqual(order("Straße", "STRASSE"), 0)
        XCTAssertEqual(order("ﬁnal", "FINAL"), 0)
        XCTAssertEqual(order("İstanbul", "istanbul"), 0)
        XCTAssertEqual(order("ıstanbul", "istanbul"), 1, "dotless ı is a letter of its own")
        XCTAssertEqual(order("Οδύσσεια", "ΟΔΥΣΣΕΙΑ"), 0)
        XCTAssertEqual(order("σοφός", "ΣΟΦΟΣ"), 0, "final sigma folds to σ")
        XCTAssertEqual(order("Фёдор", "федор"), 0)
        XCTAssertEqual(order("Søren", "soren"), 1, "ø has no decomposition")
        XCTAssertEqual(order("が", "か"), 1, "kana keep their voicing")
        XCTAssertEqual(order("Ｆｕｌｌ", "full"), 1, "no width folding")
        XCTAssertEqual(order("", ""), 0)
        XCTAssertEqual(order("", "a"), -1)
        XCTAssertTrue(matches("Les Misérables", "MISER"))
        XCTAssertTrue(matches("Straße", "SS"))
        XCTAssertFalse(matches("Straße", "as"), "a match ends between units: not inside ß")
        XCTAssertFalse(matches("がっこう", "か"), "nor inside が")
        XCTAssertTrue(matches("Фёдор Достоевский", "ФЕДОР"))
        XCTAssertTrue(matches("", ""))
        XCTAssertFalse(matches("", "a"))
    }

    /// The differences `LibraryFolding` documents: ours, and what Foundation answers.
    func testDocumentedDifferences() {
        XCTAssertEqual(order("sé", "ß"), -1)
        XCTAssertEqual(foundationOrder("sé", "ß"), 0, "Foundation: é taken as the second s of ß")
        XCTAssertFalse(matches("Café", "ﬁ"))
        XCTAssertTrue(foundationMatches("Café", "ﬁ"))
        XCTAssertEqual(order("한강", "하늘"), 1)
        XCTAssertEqual(order("하늘", "한강"), -1)
        XCTAssertEqual(foundationOrder("한강", "하늘"), 1)
        XCTAssertEqual(foundationOrder("하늘", "한강"), 1, "Foundation: each after the other")
        XCTAssertEqual(order("\u{301}a", "a"), 0)
        XCTAssertEqual(foundationOrder("\u{301}a", "a"), 1)
        XCTAssertTrue(matches("Les Misérables", "\u{301}"), "a query of marks only is empty")
        XCTAssertEqual(order("か\u{3099}", "が"), 0)
        XCTAssertEqual(order("か\u{3099}", "か"), 1)
        XCTAssertEqual(foundationOrder("か\u{3099}", "か"), 0)
        XCTAssertTrue(matches("ａ\u{64C}", "Ａ"))
        XCTAssertFalse(foundationMatches("ａ\u{64C}", "Ａ"))
        XCTAssertEqual(order("\u{FB2A}", "ש"), 0)
        XCTAssertEqual(foundationOrder("\u{FB2A}", "ש"), 1)
        XCTAssertEqual(order("\u{2F800}", "\u{4E3D}"), 1)
        XCTAssertEqual(foundationOrder("\u{2F800}", "\u{4E3D}"), 0)
    }
}
