import Foundation
import XCTest
@testable import ReaderApp

/// `y`'s two ways to the clipboard: OSC 52 and a command.
final class ClipboardTests: XCTestCase {
    func testOSC52IsBase64BetweenItsIntroducerAndST() throws {
        let text = "Call me Ishmael.\nΣοφία 漢字 \u{1B}[31m"
        let bytes = try XCTUnwrap(Clipboard.osc52(text))
        let prefix = Array("\u{1B}]52;c;".utf8)
        XCTAssertEqual(Array(bytes.prefix(prefix.count)), prefix)
        XCTAssertEqual(Array(bytes.suffix(2)), [0x1B, 0x5C], "ends with ST")
        let payload = bytes[prefix.count..<(bytes.count - 2)]
        XCTAssertTrue(payload.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "no control byte of the text reaches the terminal")
        let decoded = try XCTUnwrap(Data(base64Encoded: Data(payload)))
        XCTAssertEqual(String(decoding: decoded, as: UTF8.self), text)
        XCTAssertNil(Clipboard.osc52(String(repeating: "a", count: Clipboard.maxTerminalBytes + 1)), "too long: refused")
    }

    func testACommandGetsTheTextOnItsStandardInput() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reader-clip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertNil(Clipboard.run("cat > '\(file.path)'", text: "two\nlines"))
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "two\nlines")
        XCTAssertEqual(Clipboard.run("exit 3", text: "x"), "The clipboard command failed (exit 3)")
        // Exits without reading a big text: an error at most, never the reader's end by SIGPIPE.
        XCTAssertNil(Clipboard.run("true", text: String(repeating: "x", count: 1 << 20)))
        XCTAssertEqual(Clipboard.run("sleep 5", text: "x", timeout: 0.2), "The clipboard command did not finish in 0 s")
    }
}
