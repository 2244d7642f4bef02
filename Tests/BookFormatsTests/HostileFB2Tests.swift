import XCTest
import TextContent
@testable import BookFormats

/// Hostile FB2 input (docs/LIMITS.md), written at run time: 100,000 nested sections, a
/// 50 MB `<binary>`, a zip bomb, a file over the size limit, entity expansion and
/// external entities. Each ends in a clear `BookError` or a bounded book.
final class HostileFB2Tests: XCTestCase {
    private var directory: URL!

    override func setUp() {
        directory = TestEPUBWriter.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func write(_ name: String, _ text: String) throws -> String {
        let p = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    private let head = "<?xml version=\"1.0\"?><FictionBook xmlns=\"http://www.gribuser.ru/xml/fictionbook/2.0\" "
        + "xmlns:l=\"http://www.w3.org/1999/xlink\"><description><title-info><book-title>Hostile</book-title>"
        + "</title-info></description>"

    func testHundredThousandNestedSectionsAreFlattenedNotRecursed() throws {
        let depth = 100_000
        let text = head + "<body><p>Start.</p>" + String(repeating: "<section><p>x</p>", count: depth)
            + String(repeating: "</section>", count: depth) + "<p>End.</p></body></FictionBook>"
        let p = try write("deep.fb2", text)
        let c = try BookLoader.load(path: p)
        XCTAssertEqual(c.validate(), [])
        XCTAssertTrue(c.string(in: c.fullRange).hasPrefix("Start."))
        XCTAssertLessThanOrEqual(c.chapters.count, FB2Walker.maxDepth + 1)
        XCTAssertTrue(c.warnings.contains("elements nested deeper than \(FB2Walker.maxDepth) levels were flattened"), "\(c.warnings)")
        XCTAssertTrue(c.warnings.contains("elements nested deeper than 256 levels: the rest of the document was not read"),
                      "\(c.warnings)")
        XCTAssertLessThan(c.bytes.count, 4096)
    }

    func testFiftyMegabyteBinaryIsNeverHeld() throws {
        let p = path("binary.fb2")
        FileManager.default.createFile(atPath: p, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: p))
        handle.write(Data((head + "<body><section><title><p>Only</p></title><p>Before the picture.</p></section></body>"
                           + "<binary id=\"big\" content-type=\"image/jpeg\">").utf8))
        let line = Data((String(repeating: "QUJD", count: 19) + "\n").utf8)
        var chunk = Data(capacity: 13_000 * line.count)
        for _ in 0..<13_000 { chunk.append(line) }
        for _ in 0..<50 { handle.write(chunk) }   // 50 × 13,000 × 77 bytes ≈ 50 MB
        handle.write(Data("</binary></FictionBook>".utf8))
        try handle.close()
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: p)[.size] as! Int, 50_000_000)
        PeakMemory.reset()
        let before = PeakMemory.currentBytes
        let c = try BookLoader.load(path: p)
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.blockTexts, ["Only", "Before the picture."])
        XCTAssertLessThan(PeakMemory.peakBytes - before, 24 << 20, "the binary streams through")
    }

    func testZipBombIsRefused() throws {
        let p = path("bomb.fb2.zip")
        try TestEPUBWriter.write(p, [.init("bomb.fb2", [UInt8](repeating: 0x20, count: 64 << 20))])
        XCTAssertThrowsError(try BookLoader.load(path: p)) { error in
            guard case let .limitExceeded(_, reason)? = error as? BookError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("1000:1"), reason)
        }
    }

    func testFileOverTheSizeLimitIsRefusedUnread() throws {
        let p = try write("huge.fb2", head)
        XCTAssertEqual(truncate(p, off_t(FB2Reader.maxFileSize + 1)), 0)
        XCTAssertThrowsError(try BookLoader.load(path: p)) { error in
            XCTAssertEqual((error as? BookError)?.message, "\(p): limit exceeded: the file is 512 MiB (limit 512 MiB for FB2)")
        }
    }

    func testEntitiesAreNeverExpandedNorLoaded() throws {
        let marker = path("marker.txt")
        try "SECRET-MARKER".write(toFile: marker, atomically: true, encoding: .utf8)
        var laughs = "<!DOCTYPE FictionBook [<!ENTITY l0 \"lol\"><!ENTITY ext SYSTEM \"file://\(marker)\">"
        for i in 1...9 { laughs += "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">" }
        laughs += "]>"
        let text = "<?xml version=\"1.0\"?>" + laughs + "<FictionBook><body><p>Before &l9; &ext; after.</p></body></FictionBook>"
        PeakMemory.reset()
        let before = PeakMemory.currentBytes
        let c = try FB2Reader.read(path: try write("laughs.fb2", text))
        XCTAssertEqual(c.validate(), [])
        let all = c.string(in: c.fullRange)
        XCTAssertEqual(all, "Before &l9; &ext; after.")
        XCTAssertFalse(all.contains("SECRET"))
        XCTAssertLessThan(PeakMemory.peakBytes - before, 32 << 20)
    }
}
