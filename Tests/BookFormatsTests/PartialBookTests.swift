import Foundation
import TextContent
import XCTest
@testable import BookFormats

/// Opening an EPUB from one place (issue #20): the documents parsed alone hold the same
/// text as the whole book, and `DocumentPlace` finds every position of one in the other.
final class PartialBookTests: XCTestCase {
    /// The fixtures that open as EPUBs (the broken ones throw before a spine exists).
    private func readableFixtures() throws -> [(String, EPUBPackage, TextContent)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: EPUBFixtures.directory.path)
            .filter { $0.hasSuffix(".epub") }.sorted()
        var found: [(String, EPUBPackage, TextContent)] = []
        for name in names {
            guard let package = try? EPUBPackage(path: EPUBFixtures.path(name)), let whole = try? package.readAll() else { continue }
            found.append((name, package, whole))
        }
        XCTAssertGreaterThan(found.count, 20, "most fixtures are readable EPUBs")
        return found
    }

    func testEveryDocumentParsedAloneIsTheWholeBooksTextAtItsPlace() throws {
        var checked = 0
        for (name, package, whole) in try readableFixtures() {
            for i in package.spine.indices {
                let range = i..<min(i + 2, package.spine.count)
                guard let part = try? package.readDocuments(range) else { continue }  // unreadable documents
                // Every 97th byte (and the first and last) of the part: the same bytes at
                // the mapped place of the whole book, and the same place back.
                for p in Set(Array(stride(from: 0, to: part.bytes.count, by: 97)) + [max(0, part.bytes.count - 1)]) {
                    let offset = ByteOffset(p)
                    guard let place = part.documentPlace(of: offset) else { continue }
                    let mapped = try XCTUnwrap(whole.offset(of: place), "\(name) doc \(i): \(place)")
                    let n = min(16, part.bytes.count - p, whole.bytes.count - mapped.rawValue)
                    XCTAssertEqual(Array(part.bytes[p..<p + n]), Array(whole.bytes[mapped.rawValue..<mapped.rawValue + n]),
                                   "\(name) doc \(i) offset \(p)")
                    XCTAssertEqual(whole.documentPlace(of: mapped), place, "\(name) doc \(i) offset \(p)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    func testThePartHasOneChapterADocumentAndTheWholeBookIsTheLoadersBook() throws {
        let path = EPUBFixtures.path("many-chapters.epub")
        let partial = try XCTUnwrap(PartialBook.open(path: path, at: DocumentPlace(source: "ch20.xhtml", offset: 0), minimumBytes: 0))
        XCTAssertEqual(partial.documentCount, 41)
        XCTAssertEqual(partial.documents.lowerBound, 18, "the document before the place's, which is near its start")
        XCTAssertGreaterThan(partial.documents.count, 2)
        XCTAssertEqual(partial.content.chapters.map(\.title), partial.documents.map { "Chapter \($0 + 1)" })
        XCTAssertTrue(partial.content.toc.isEmpty)
        let whole = try partial.readWhole()
        let loaded = try BookLoader.load(path: path)
        XCTAssertEqual(whole.bytes, loaded.bytes)
        XCTAssertEqual(whole.chapters, loaded.chapters)
        XCTAssertEqual(whole.toc, loaded.toc)
        XCTAssertEqual(whole.styles, loaded.styles)
    }

    /// A part of a book set both ways (issue #23) carries its documents' own modes, as the
    /// whole book's chapters do.
    func testThePartsChaptersCarryTheirDocumentsModes() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("conformance/mixed-modes-ja.epub"))
        let part = try package.readDocuments(1..<4)
        XCTAssertEqual(part.chapters.map(\.source), ["EPUB/note.xhtml", "EPUB/c2.xhtml", "EPUB/colophon.xhtml"])
        XCTAssertTrue(part.metadata.verticalWriting, "the estimate from the first documents, weighed by size")
        XCTAssertEqual(part.chapters.map(\.verticalWriting), [false, nil, false])
        let whole = try BookLoader.load(path: EPUBFixtures.path("conformance/mixed-modes-ja.epub"))
        XCTAssertEqual(Array(whole.chapters.dropFirst().map(\.verticalWriting)), part.chapters.map(\.verticalWriting))
    }

    func testAPlaceFarIntoItsDocumentStartsThere() throws {
        let path = EPUBFixtures.path("many-chapters.epub")
        let partial = try XCTUnwrap(PartialBook.open(path: path, at: DocumentPlace(source: "ch20.xhtml", offset: 5000), minimumBytes: 0))
        XCTAssertEqual(partial.documents.lowerBound, 19)
    }

    func testWhenOpeningPartiallyDoesNotApply() throws {
        let path = EPUBFixtures.path("many-chapters.epub")
        XCTAssertNil(try PartialBook.open(path: path, at: nil, minimumBytes: 1 << 30), "small books are parsed whole")
        XCTAssertNil(try PartialBook.open(path: path, at: DocumentPlace(source: "nowhere.xhtml", offset: 0), minimumBytes: 0))
        let txt = EPUBFixtures.directory.deletingLastPathComponent().appendingPathComponent("sample/sample.txt").path
        XCTAssertNil(try PartialBook.open(path: txt, at: nil, minimumBytes: 0), "not an EPUB")
        XCTAssertThrowsError(try PartialBook.open(path: EPUBFixtures.path("no-container.epub"), at: nil, minimumBytes: 0))
    }

    func testTheFirstPartStopsAtItsSizeOrDocumentCount() {
        func item(_ size: Int) -> EPUBSpineItem {
            EPUBSpineItem(id: "x", entryPath: "x", mediaType: "application/xhtml+xml", isLinear: true, uncompressedSize: size, isPresent: true)
        }
        let big = Array(repeating: item(PartialBook.firstPartBytes), count: 10)
        XCTAssertEqual(PartialBook.firstPart(of: big, from: 4, withPrevious: true), 3..<5, "one big document is enough")
        XCTAssertEqual(PartialBook.firstPart(of: big, from: 4, withPrevious: false), 4..<5)
        XCTAssertEqual(PartialBook.firstPart(of: big, from: 9, withPrevious: false), 9..<10)
        let small = Array(repeating: item(10), count: 100)
        XCTAssertEqual(PartialBook.firstPart(of: small, from: 0, withPrevious: true), 0..<PartialBook.firstPartDocuments)
    }
}
