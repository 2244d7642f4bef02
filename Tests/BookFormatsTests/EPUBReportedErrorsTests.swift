import XCTest
import TextContent
@testable import BookFormats

/// Issue #22: what a reading system must report, and DOCTYPE internal subsets. The books
/// are in `Fixtures/epub/conformance/` (`Tools/fixtures/make_epub_error_fixtures.py`).
final class EPUBReportedErrorsTests: XCTestCase {
    private func read(_ name: String) throws -> TextContent { try EPUBFixtures.read("conformance/" + name) }

    // MARK: DOCTYPE internal subset

    func testInternalSubsetNeverShowsAndItsEntitiesAreExpanded() throws {
        let c = try read("doctype-internal-subset.epub")
        XCTAssertEqual(c.blockTexts, ["Written by Jane Doe.", "Secret: end.", "A story by Jane Doe \u{2014} and friends.",
                                      "The second chapter opens as usual."])
        let text = c.string(in: c.fullRange)
        for leak in ["]>", "ENTITY", "&author;", "&xxe;", "&byline;", "root:", "/bin/"] {
            XCTAssertFalse(text.contains(leak), "\(leak) in \(text)")
        }
        XCTAssertEqual(c.warnings, ["OEBPS/c1.xhtml: the external entity &xxe; was not loaded"])
    }

    func testSubsetIsBlankedInPlaceAndEntitiesFound() {
        let doc = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE html\n[ <!ENTITY a \"x]>y\"> <!-- ]> --> <!ENTITY b SYSTEM \"f\"> <!ENTITY % p \"q\"> ]>\n<html/>".utf8)
        doc.withUnsafeBufferPointer { buf in
            guard let subset = DoctypeSubset.find(in: buf) else { return XCTFail("no subset found") }
            var blanked = doc
            subset.blank(&blanked)
            XCTAssertEqual(String(decoding: blanked, as: UTF8.self),
                           "<?xml version=\"1.0\"?>\n<!DOCTYPE html\n" + String(repeating: " ", count: subset.range.count) + ">\n<html/>")
            var entities = subset.entities
            XCTAssertEqual(entities.replacement("a"), Array("x]>y".utf8))
            XCTAssertEqual(entities.replacement("b"), [])
            XCTAssertTrue(entities.isExternal("b"))
            XCTAssertNil(entities.replacement("p"), "a parameter entity is not a general entity")
        }
        Array("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.1//EN\" \"x.dtd\">\n<html/>".utf8).withUnsafeBufferPointer {
            XCTAssertNil(DoctypeSubset.find(in: $0))
        }
    }

    func testBrokenDeclarationsAreLeftToTheParser() {
        let broken = ["", "<", "<!DOCTYPE", "<!DOCTYPE html [", "<!DOCTYPE html [ <!ENTITY a \"never closed ]>",
                      "<!DOCTYPE html [ <!-- ]> never closed", "<p>text</p><!DOCTYPE html [ <!ENTITY a \"x\"> ]>",
                      "<!DOCTYPE html \"[\" <p>", "\u{FEFF}<?xml never closed"]
        for text in broken {
            Array(text.utf8).withUnsafeBufferPointer { XCTAssertNil(DoctypeSubset.find(in: $0), text) }
        }
        // An unterminated declaration inside a subset that does end.
        Array("<!DOCTYPE html [ <!ENTITY a \"x\"> <!ENTITY b > <!ENTITY > ]><p/>".utf8).withUnsafeBufferPointer {
            var entities = DoctypeSubset.find(in: $0)?.entities
            XCTAssertEqual(entities?.replacement("a"), Array("x".utf8))
            XCTAssertNil(entities?.replacement("b"))
        }
        let (text, _) = walk("<!DOCTYPE html [ <!ENTITY a \"never closed ]><html><body><p>Kept.</p></body></html>")
        XCTAssertTrue(text.contains("Kept."), text)
    }

    func testBillionLaughsInASubsetIsCutNotExpanded() {
        var entities = DeclaredEntities()
        entities.declare("l0", literal: Array("lol".utf8))
        for i in 1...9 { entities.declare("l\(i)", literal: Array(String(repeating: "&l\(i - 1);", count: 10).utf8)) }
        entities.declare("self", literal: Array("a&self;b".utf8))
        XCTAssertEqual(entities.replacement("l9")?.count, DeclaredEntities.maxExpansion)
        XCTAssertEqual(entities.replacement("self"), Array("ab".utf8), "a reference loop expands to nothing")
    }

    func testManyWideDeclarationsStayWithinTheTotalBudget() {
        var entities = DeclaredEntities()
        entities.declare("e0", literal: Array(String(repeating: "x", count: 1000).utf8))
        for i in 1..<4096 { entities.declare("e\(i)", literal: Array(String(repeating: "&e\(i - 1);", count: 100).utf8)) }
        var total = 0
        for i in 0..<4096 { total += entities.replacement("e\(i)")?.count ?? 0 }
        XCTAssertLessThanOrEqual(total, DeclaredEntities.maxTotalExpansion, "4096 × 64 KiB would be 256 MiB")
        XCTAssertGreaterThan(total, DeclaredEntities.maxExpansion)
    }

    /// Walks one document and returns its text and warnings.
    private func walk(_ markup: String) -> (text: String, warnings: [String]) {
        let walker = XHTMLWalker(builder: TextContentBuilder(metadata: BookMetadata(title: "T", format: .epub)), entryPath: "a.xhtml")
        let bytes = Array(markup.utf8)
        XCTAssertTrue(bytes.withUnsafeBufferPointer { walker.parse($0) })
        var builder = walker.takeBuilder()
        let c = builder.finish()
        return (c.string(in: c.fullRange), c.warnings)
    }

    func testBillionLaughsInAContentDocumentIsCutWithAWarning() {
        var laughs = "<!DOCTYPE html [<!ENTITY l0 \"lol\">"
        for i in 1...9 { laughs += "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">" }
        let (text, warnings) = walk(laughs + "]>\n<html><body><p>Before &l9; &l9; &l4; after.</p></body></html>")
        // The first &l9; fills the 64 KiB budget, the second no longer fits, &l4; (30 kB) neither.
        XCTAssertEqual(text.utf8.count, "Before ".utf8.count + DeclaredEntities.maxExpansion + " after.".utf8.count, "the dropped references leave no text")
        XCTAssertTrue(text.hasPrefix("Before lollol") && text.hasSuffix("lolloll after."), String(text.suffix(20)))
        XCTAssertEqual(warnings, ["a.xhtml: entity replacement text past 64 KiB was dropped"])
    }

    func testDeclaredEntityInsideTheTitleAndNextToMarkup() {
        let (text, warnings) = walk("<!DOCTYPE html [ <!ENTITY who \"Ann <b>Lee</b>\"> ]><html><head><title>T</title></head>"
                                    + "<body><p><em>&who;</em>;&who;&amp;&who;</p></body></html>")
        XCTAssertEqual(text, "Ann Lee;Ann Lee&Ann Lee")
        XCTAssertEqual(warnings, [])
    }

    // MARK: Compression methods

    func testBzip2EntryIsUnreadableWithAWarningAndTheRestOpens() throws {
        let c = try read("zip-bzip2-entry.epub")
        XCTAssertEqual(c.blockTexts, ["Chapter one is deflated.", "Chapter three is deflated again."])
        XCTAssertEqual(c.warnings, ["skipped OEBPS/c2.xhtml: compressed with method 12 (bzip2), which the reader cannot read"])
        XCTAssertThrowsError(try EPUBFixtures.entry("conformance/zip-bzip2-entry.epub", "OEBPS/c2.xhtml")) { error in
            XCTAssertEqual(error as? BookError, .invalidEPUB(path: EPUBFixtures.path("conformance/zip-bzip2-entry.epub"),
                                                             reason: "OEBPS/c2.xhtml: compressed with method 12 (bzip2), which the reader cannot read"))
        }
    }

    // MARK: XML errors in content documents

    func testTwoColonsInANameAreReported() throws {
        let c = try read("xml-two-colons.epub")
        XCTAssertEqual(c.blockTexts, ["Before inside the odd name after.", "The next chapter is well-formed."])
        XCTAssertEqual(c.warnings, ["OEBPS/c1.xhtml: names that break the XML namespace rules were read as written (line 6: Failed to parse QName 'a:b:')"])
    }

    func testLibxml2sDepthLimitIsNotDamage() throws {
        // Well-formed but 100,000 levels deep: the XML check stops at libxml2's 256 levels,
        // which says nothing about the markup; the walker's own warning is the one.
        let c = try EPUBFixtures.read("deep-nesting.epub")
        XCTAssertEqual(c.warnings, ["deep.xhtml: elements nested deeper than 256 levels were flattened"])
    }

    func testUnclosedElementIsReported() throws {
        let c = try read("xml-unclosed-element.epub")
        XCTAssertEqual(c.blockTexts, ["The division is never closed.", "The paragraph after it.", "The next chapter is well-formed."])
        XCTAssertEqual(c.warnings, ["OEBPS/c1.xhtml: damaged markup was recovered (line 8: Opening and ending tag mismatch: div line 6 and body)"])
    }
}
