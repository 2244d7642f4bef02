import CMobi
import Dispatch
import Foundation
import XCTest
import TextContent
@testable import BookFormats

/// One `BookResourceReader` serves many reads of a book: the same bytes and errors as
/// `BookResources.bytes`, from every format, from two threads at once; MOBI images come
/// straight from their records, byte for byte what libmobi's rebuilt book holds.
final class BookResourceReaderTests: XCTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private func fixture(_ relative: String) -> String { DocumentFixtures.root.appendingPathComponent(relative).path }

    private func assertMissing(_ body: @autoclosure () throws -> [UInt8], _ message: String = "",
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), message, file: file, line: line) {
            guard case .noReadableContent? = $0 as? BookError else { return XCTFail("\($0)", file: file, line: line) }
        }
    }

    func testEPUBManyReadsFromOneArchive() throws {
        let path = EPUBFixtures.path("epub3-features.epub")
        let reader = BookResourceReader(path: path, format: .epub)
        let expected = try BookResources.bytes(of: "OEBPS/images/lamp.png", inBookAt: path, format: .epub)
        XCTAssertEqual(Array(expected.prefix(8)), png)
        for _ in 0..<20 { XCTAssertEqual(try reader.bytes(of: "OEBPS/images/lamp.png"), expected) }
        assertMissing(try reader.bytes(of: "OEBPS/images/none.png"))
        XCTAssertEqual(try reader.bytes(of: "OEBPS/images/lamp.png"), expected, "a miss does not spoil the archive")
    }

    /// The fixed-layout fixture's pages, each its own colour (the PNG's one palette entry).
    func testEPUBFixedLayoutPagesInSpineOrder() throws {
        let path = EPUBFixtures.path("fxl-manga-rtl.epub")
        let book = try EPUBReader.read(path: path)
        let reader = BookResourceReader(path: path, format: .epub)
        // Tools/fixtures/make_fxl_fixtures.py's PAGE_COLOURS.
        let colours: [[UInt8]] = [[200, 30, 30], [30, 160, 40], [40, 60, 200], [230, 200, 20]]
        XCTAssertEqual(book.images.count, 4)
        for (image, colour) in zip(book.images, colours) {
            let bytes = try reader.bytes(of: image.source)
            XCTAssertEqual(Array(bytes.prefix(8)), png, image.source)
            XCTAssertEqual(Self.paletteColour(bytes), colour, image.source)
        }
        XCTAssertEqual(Self.paletteColour(try reader.bytes(of: try XCTUnwrap(book.metadata.cover))), [90, 90, 90])
    }

    /// The first PLTE entry of a PNG.
    static func paletteColour(_ png: [UInt8]) -> [UInt8]? {
        let tag = Array("PLTE".utf8)
        guard let i = (0..<max(0, png.count - 7)).first(where: { Array(png[$0..<($0 + 4)]) == tag }) else { return nil }
        return Array(png[(i + 4)..<(i + 7)])
    }

    /// `fb2/elements.fb2` (four binaries) zipped into a temporary `.fb2.zip`.
    private func zippedElements() throws -> String {
        let dir = TestEPUBWriter.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("elements.fb2.zip").path
        let document = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("fb2/elements.fb2"))))
        try TestEPUBWriter.write(path, [.init("elements.fb2", document)])
        return path
    }

    func testFB2PlainAndZippedKeepTheirDocument() throws {
        for path in [fixture("fb2/elements.fb2"), try zippedElements()] {
            let relative = (path as NSString).lastPathComponent
            let book = try BookLoader.load(path: path)
            XCTAssertEqual(book.images.count, 4, relative)
            let reader = BookResourceReader(path: path, format: .fb2)
            for _ in 0..<3 {
                for image in book.images {
                    XCTAssertEqual(try reader.bytes(of: image.source),
                                   try BookResources.bytes(of: image.source, inBookAt: path, format: .fb2), "\(relative) \(image.source)")
                }
            }
            assertMissing(try reader.bytes(of: "#nowhere.png"), relative)
            assertMissing(try reader.bytes(of: "cover.png"), "an FB2 source is #id")
        }
        // Tools/fixtures/make_fb2_fixtures.py writes bytes 0…47 into every binary.
        XCTAssertEqual(try BookResourceReader(path: fixture("fb2/elements.fb2"), format: .fb2).bytes(of: "#chart.png"), Array(0..<48))
    }

    func testHTMLFilesNextToTheBook() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-resreader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(png).write(to: folder.appendingPathComponent("img/a.png"))
        let html = folder.appendingPathComponent("book.html").path
        let reader = BookResourceReader(path: html, format: .html)
        XCTAssertEqual(try reader.bytes(of: "img/a.png"), png)
        XCTAssertEqual(try BookResourceReader(path: folder.appendingPathComponent("book.md").path, format: .markdown).bytes(of: "img/a.png"), png)
        XCTAssertThrowsError(try reader.bytes(of: "img/b.png")) {
            guard case .unreadable? = $0 as? BookError else { return XCTFail("\($0)") }
        }
        assertMissing(try BookResourceReader(path: html, format: .txt).bytes(of: "img/a.png"))
    }

    func testMOBIImagesFromTheirRecords() throws {
        let path = fixture("mobi/mobi6-cp1252.mobi")
        let source = try XCTUnwrap(try MOBIReader.read(path: path).images.first?.source)
        let reader = BookResourceReader(path: path, format: .mobi)
        for _ in 0..<10 {
            let bytes = try reader.bytes(of: source)
            // Tools/fixtures/make_mobi_fixtures.py's image record: FF D8 FF E0 … FF D9.
            XCTAssertEqual(Array(bytes.prefix(4)), [0xFF, 0xD8, 0xFF, 0xE0], source)
            XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9], source)
        }
        assertMissing(try reader.bytes(of: "resource09999.jpg"))
        assertMissing(try reader.bytes(of: "resource00000.png"), "the record is a JPEG, not a PNG")
        assertMissing(try reader.bytes(of: "resource0.jpg"), "not libmobi's spelling")
        assertMissing(try reader.bytes(of: "part00000.html"))
        let drm = fixture("mobi/drm.mobi")
        let locked = BookResourceReader(path: drm, format: .mobi)
        for _ in 0..<2 {
            XCTAssertThrowsError(try locked.bytes(of: source)) { XCTAssertEqual($0 as? BookError, .drmProtected(path: drm)) }
        }
        assertMissing(try BookResourceReader(path: fixture("mobi/palmdoc.pdb"), format: .mobi).bytes(of: source), "PalmDOC has no resources")
    }

    func testTwoThreadsReadTheSameBytes() throws {
        let cases: [(String, BookFormat, [String])] = [
            (EPUBFixtures.path("fxl-manga-rtl.epub"), .epub, try EPUBReader.read(path: EPUBFixtures.path("fxl-manga-rtl.epub")).images.map(\.source)),
            (fixture("fb2/elements.fb2"), .fb2, try BookLoader.load(path: fixture("fb2/elements.fb2")).images.map(\.source)),
            (try zippedElements(), .fb2, ["#cover.png", "#portrait.png", "#icon.png", "#chart.png"]),
            (fixture("mobi/mobi6-cp1252.mobi"), .mobi, try MOBIReader.read(path: fixture("mobi/mobi6-cp1252.mobi")).images.map(\.source)),
        ]
        for (path, format, sources) in cases {
            XCTAssertFalse(sources.isEmpty, path)
            let expected = try sources.map { try BookResources.bytes(of: $0, inBookAt: path, format: format) }
            let reader = BookResourceReader(path: path, format: format)
            let results = ThreadResults()
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for round in 0..<25 {
                    for (i, source) in sources.enumerated() {
                        let got = try? reader.bytes(of: source)
                        if got != expected[i] { results.fail("\(path) \(source) thread \(thread) round \(round)") }
                    }
                }
            }
            XCTAssertEqual(results.failures, [], path)
        }
    }

    /// Every image libmobi's rebuilt book holds, read from its record instead: the same
    /// bytes under the same name (the fixture, and the corpus's MOBI 6, hybrid and KF8 books
    /// where present).
    func testDirectReadsMatchTheRebuiltBook() throws {
        var paths = [fixture("mobi/mobi6-cp1252.mobi"), fixture("mobi/mobi6-utf8.mobi")]
        let corpus = (try? FileManager.default.contentsOfDirectory(atPath: MOBICorpusTests.corpus)) ?? []
        paths += corpus.sorted().map { MOBICorpusTests.corpus + $0 }
        var images = 0
        for path in paths {
            guard let file = try MOBIResources.open(path: path) else { continue }
            let parts: [(String, [UInt8], MOBIFiletype)] = try file.withRawml(path: path) { rawml in
                var found: [(String, [UInt8], MOBIFiletype)] = []
                var p = rawml.pointee.resources
                while let part = p {
                    if let data = part.pointee.data, part.pointee.size > 0 {
                        found.append((MOBIResources.name(of: part.pointee), Array(UnsafeBufferPointer(start: data, count: part.pointee.size)), part.pointee.type))
                    }
                    p = part.pointee.next
                }
                return found
            }
            let reader = BookResourceReader(path: path, format: .mobi)
            for (name, bytes, type) in parts where [T_JPG, T_GIF, T_PNG, T_BMP].contains(type) {
                XCTAssertEqual(try reader.bytes(of: name), bytes, "\(path) \(name)")
                images += 1
            }
        }
        XCTAssertGreaterThanOrEqual(images, corpus.isEmpty ? 1 : 6, "the fixtures' image (one, in mobi6-cp1252) and the corpus's")
    }
}

/// Failures collected from several threads.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func fail(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var failures: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
