import Foundation
import TextContent
import XCTest
@testable import BookFormats

/// Reading-system requirements of EPUB 3.3 (issue #22), one fixture book each
/// (Tools/fixtures/make_epub_conformance_fixtures.py → Fixtures/epub/conformance/).
final class EPUBConformanceTests: XCTestCase {
    private func read(_ name: String) throws -> TextContent { try EPUBFixtures.read("conformance/" + name) }

    // MARK: 1. Manifest fallbacks

    func testForeignSpineItemsShowTheirFallbackDocuments() throws {
        let book = try read("fallback-chains.epub")
        let text = book.string(in: book.fullRange)
        XCTAssertFalse(text.contains("Test fails"), text)
        XCTAssertEqual(book.blockTexts, [
            "One", "Reached through two fallbacks.",                      // JSON → XML vocabulary → XHTML
            "Two", "The XHTML fallback of an XML vocabulary.",            // application/xml with a fallback
            "Three", "Shown instead of the scripted document.",           // scripted → its fallback
            "[image]",                                                    // a picture with no fallback: a page
            "Four", "The XHTML fallback of a picture.",                   // a picture's XHTML fallback wins
        ])
    }

    func testBrokenFallbackChainsAreSkippedWithAWarning() throws {
        let book = try read("fallback-chains.epub")
        XCTAssertEqual(book.warnings, [
            "the fallback chain of manifest item loopa loops at loopa; followed once",
            "skipped EPUB/a.bin: no text document on its fallback chain (application/octet-stream → application/octet-stream)",
            "manifest item lost names fallback nowhere, which is not in the manifest",
            "skipped EPUB/lost.dat: application/x-lost is not a text document",
        ])
    }

    func testTheSpineKnowsWhichItemItShows() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("conformance/fallback-chains.epub"))
        XCTAssertEqual(package.spine.map(\.id), ["c1", "c2", "c3", "pic", "c4"])
        XCTAssertEqual(package.spine.map(\.isPicture), [false, false, false, true, false])
        XCTAssertEqual(package.spine[3].entryPath, "EPUB/page.png")
        XCTAssertTrue(package.spine[3].isPrePaginated, "a picture page starts a page of its own")
    }

    func testAPictureBookIsPicturePagesNotARefusal() throws {
        let book = try read("picture-pages.epub")
        XCTAssertEqual(book.blockTexts, ["[image]", "Between two pictures.", "[image]"])
        XCTAssertEqual(book.blocks.map(\.kind), [.image, .paragraph, .image])
        XCTAssertEqual(book.blocks.map(\.placement.startsPage), [true, true, true],
                       "each picture has a page to itself: the text after one starts a page too")
        XCTAssertEqual(book.images.map(\.source), ["EPUB/p1.png", "EPUB/p2.jpg"])
        XCTAssertEqual(book.warnings, [])
    }

    func testTheFallbackChoice() {
        typealias Item = EPUBPackageDocument.Item
        func item(_ id: String, _ type: String, fallback: String? = nil, properties: [String] = []) -> Item {
            Item(id: id, href: id, path: "EPUB/" + id, mediaType: type, properties: properties, fallback: fallback)
        }
        let manifest = [
            "a": item("a", "application/json", fallback: "b"), "b": item("b", "text/html", fallback: "c"),
            "c": item("c", "application/xhtml+xml"), "d": item("d", "text/html"),
            "s": item("s", "application/xhtml+xml", fallback: "x", properties: ["scripted"]),
            "x": item("x", "application/pdf"),
        ]
        XCTAssertEqual(EPUBFallback.choose(manifest["a"]!, manifest: manifest).choice, .document(manifest["c"]!),
                       "a content document further on beats HTML earlier on the chain")
        XCTAssertEqual(EPUBFallback.choose(manifest["d"]!, manifest: manifest).choice, .document(manifest["d"]!),
                       "text/html without a fallback is read as it always was")
        XCTAssertEqual(EPUBFallback.choose(manifest["s"]!, manifest: manifest).choice, .document(manifest["s"]!),
                       "a scripted document whose fallback cannot be shown is shown itself")
        var long: [String: Item] = [:]
        for i in 0..<200 { long["i\(i)"] = item("i\(i)", "application/x-\(i)", fallback: "i\(i + 1)") }
        if case .none = EPUBFallback.choose(long["i0"]!, manifest: long).choice {} else { XCTFail("a 200-step chain is cut") }
    }

    // MARK: 2. Repeated spine items

    func testAnItemTheSpineListsThreeTimesIsShownThreeTimes() throws {
        let book = try read("repeated-spine.epub")
        XCTAssertEqual(book.blockTexts, ["Row, row, the refrain again.", "A verse between refrains.",
                                          "Row, row, the refrain again.", "Row, row, the refrain again."])
        XCTAssertEqual(book.warnings, [])
        XCTAssertEqual(book.chapters.map(\.title), ["Refrain", "Verse"])
        XCTAssertEqual(book.validate(), [])
    }

    func testFragmentsOfOneFileAreStillReadOnce() throws {
        let book = try EPUBFixtures.read("no-toc.epub")
        XCTAssertEqual(book.blockTexts.filter { $0 == "The second room had no heading at all." }.count, 1)
    }

    // MARK: 4. Contents labels

    func testContentsEntriesMadeOfImagesAreLabelledByTheirAltText() throws {
        let book = try read("nav-image-labels.epub")
        XCTAssertEqual(book.chapters.map(\.title), ["The abbey of Sénanque in lavender", "Second: by aria-label",
                                                    "Third: by title", "Fourth: by text"])
    }

    // MARK: 5. Hidden navigation

    func testANavigationDocumentInTheSpineHidesWhatCSSHides() throws {
        let book = try read("nav-hidden-css.epub")
        XCTAssertEqual(book.blockTexts, ["Start", "The navigation document is also a page.", "Shown again by a later rule",
                                          "Chapter One", "The first chapter.", "Chapter Two", "The second chapter."])
        XCTAssertEqual(book.chapters.map(\.title), ["Chapter One", "Chapter Two"], "the hidden toc is still the contents")
    }

    func testHiddenNavigationCSS() {
        var hidden = HiddenNavigationCSS()
        hidden.add(stylesheet: Array("""
            /* nav#c { display: none } */ nav#a, .b { display:none !important } p.x { display: none }
            @media screen { nav.d { display : none } } #e { color: red } .b { display: inline }
            """.utf8))
        XCTAssertTrue(hidden.hides(id: "a", classes: nil))
        XCTAssertFalse(hidden.hides(id: "c", classes: nil), "a comment hides nothing")
        XCTAssertFalse(hidden.hides(id: nil, classes: "b"), "shown again by the later rule")
        XCTAssertFalse(hidden.hides(id: nil, classes: "x"), "p.x is not a nav selector")
        XCTAssertTrue(hidden.hides(id: "z", classes: "toc d"))
        XCTAssertFalse(hidden.hides(id: "e", classes: nil))
        XCTAssertTrue(HiddenNavigationCSS.hidesInline("color: red; DISPLAY: None"))
        XCTAssertFalse(HiddenNavigationCSS.hidesInline("display: none; display: block"))
        XCTAssertFalse(HiddenNavigationCSS.hidesInline("content: 'display: none'x"))
    }

    // MARK: Vertical writing (issue #23)

    func testAJapaneseBookWhoseRootIsVerticalAsksForVerticalText() throws {
        XCTAssertTrue(try read("vertical-ja.epub").metadata.verticalWriting)
        XCTAssertFalse(try read("vertical-css-en.epub").metadata.verticalWriting, "only Chinese and Japanese are set vertically")
        XCTAssertFalse(try read("repeated-spine.epub").metadata.verticalWriting)
    }

    func testAClassOnTheDocumentsRootsSetsTheBookVertical() throws {
        XCTAssertTrue(try read("vertical-class-ja.epub").metadata.verticalWriting, "<html class=\"vrtl\"> with .vrtl vertical")
        XCTAssertFalse(try read("horizontal-class-ja.epub").metadata.verticalWriting, "the same stylesheet, <html class=\"hltr\">")
        var classes: [String: Bool] = [:]
        WritingModeCSS.addWritingModeClasses(in: Array(".vrtl { writing-mode: vertical-rl } html.hltr, .x p { writing-mode: horizontal-tb }".utf8),
                                             to: &classes)
        XCTAssertEqual(classes, ["vrtl": true, "hltr": false], "a descendant selector is no root class")
        XCTAssertEqual(WritingModeCSS.rootClasses(of: Array("<?xml?><html xmlns='x' class='vrtl a'><body class=\"b\">".utf8)),
                       ["vrtl", "a", "b"])
    }

    /// A vertical book with `.hltr` pages (a note page, the colophon) that its contents do
    /// not list: each starts a chapter of its own, marked horizontal; the book is vertical
    /// (most of its text); the other chapters follow the book.
    func testDocumentsOfTheOtherModeAreChaptersOfTheirOwn() throws {
        let book = try read("mixed-modes-ja.epub")
        XCTAssertTrue(book.metadata.verticalWriting, "the two vertical chapters hold most of the text")
        XCTAssertEqual(book.chapters.map(\.title), ["第一章", "凡例", "第二章", "奥付"])
        XCTAssertEqual(book.chapters.map(\.verticalWriting), [nil, false, nil, false])
        XCTAssertEqual(book.chapters.map(\.source), ["EPUB/c1.xhtml", "EPUB/note.xhtml", "EPUB/c2.xhtml", "EPUB/colophon.xhtml"])
        XCTAssertTrue(book.string(in: book.chapters[3].range).contains("発行"))
        XCTAssertEqual(book.toc.map(\.title), ["第一章", "第二章"], "the contents are the book's own")
        // One-way books carry no chapter modes.
        for name in ["vertical-class-ja.epub", "horizontal-class-ja.epub", "vertical-ja.epub", "vertical-css-en.epub"] {
            XCTAssertTrue(try read(name).chapters.allSatisfy { $0.verticalWriting == nil }, name)
        }
    }

    func testTextCombineUprightClassesMarkTheirText() throws {
        let book = try read("vertical-ja.epub")
        let upright = book.styles.filter { $0.style == .upright }
        XCTAssertEqual(upright.map { book.string(in: $0.range) }, ["!?"])
        var classes = Set<String>()
        WritingModeCSS.addUprightClasses(in: Array("span.tcy { -epub-text-combine: horizontal } .a, .b { text-combine-upright: digits 2 } .b { text-combine-upright: none } #c { text-combine-upright: all }".utf8), to: &classes)
        XCTAssertEqual(classes, ["tcy", "a"])
    }

    func testWritingModeCSS() {
        func vertical(_ css: String) -> Bool? { WritingModeCSS.rootIsVertical(in: Array(css.utf8)) }
        XCTAssertEqual(vertical("html { -epub-writing-mode: vertical-rl }"), true)
        XCTAssertEqual(vertical("body, p { writing-mode: tb-rl }"), true, "the old value")
        XCTAssertEqual(vertical("html { writing-mode: vertical-rl } body { writing-mode: horizontal-tb }"), false, "the last rule wins")
        XCTAssertNil(vertical(".tate { writing-mode: vertical-rl } /* html { writing-mode: vertical-rl } */"), "a class is not the root")
        XCTAssertNil(vertical("html { color: black }"))
    }

    // MARK: 7. Links above the root

    func testLinksThatClimbAboveTheRootResolveAtTheRoot() throws {
        let book = try read("links-above-root.epub")
        XCTAssertEqual(book.warnings, [])
        XCTAssertEqual(book.images.map(\.source), ["images/photo.png"])
        let link = try XCTUnwrap(book.styles.first { $0.style == .link })
        XCTAssertEqual(book.string(in: link.range), "the far note")
        XCTAssertEqual(link.target, book.block("The far note, reached from above the root.")?.range.lowerBound)
        XCTAssertEqual(book.chapters.map(\.title), ["First", "Second"])
    }
}
