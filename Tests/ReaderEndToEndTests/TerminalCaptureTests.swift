import Foundation
import Glibc
import XCTest

/// Every byte the real `reader` writes to its terminal while showing hostile books (title,
/// author, TOC labels, headings, body and file name full of ESC, CSI, OSC, DCS, C1
/// controls and bidi overrides), captured raw with tmux `pipe-pane` while paging, opening
/// the contents, bookmarks, search and help. Only the encoder's own well-formed CSI
/// sequences may appear: no other ESC, no C0 but CR/LF/BS, no C1, no bidi controls.
final class TerminalCaptureTests: XCTestCase {
    var folder: URL!
    var socket: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        socket = "reader-capture-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: TmuxSessionTests.binary.path))
    }

    override func tearDown() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let outURL = folder.appendingPathComponent("tmux.out")
        let quoted = (["tmux", "-L", socket] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let status = system(quoted.joined(separator: " ") + " > '\(outURL.path)' 2>/dev/null < /dev/null")
        if status == -1 { throw NSError(domain: "tmux", code: Int(errno)) }
        return (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
    }

    func waitFor(_ what: String, timeout: Double = 20, _ predicate: () throws -> Bool) rethrows {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try predicate() { return }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what)")
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

    /// Runs the reader on `book` in tmux with its output piped to a file from the first
    /// byte, drives it through every view, quits, and returns the captured bytes.
    func capture(_ book: String, expect visible: String) throws -> [UInt8] {
        let capture = folder.appendingPathComponent("capture.bin")
        let go = folder.appendingPathComponent("go")
        let done = folder.appendingPathComponent("done")
        try? FileManager.default.removeItem(at: capture)
        try? FileManager.default.removeItem(at: go)
        try? FileManager.default.removeItem(at: done)
        let script = folder.appendingPathComponent("run.sh")
        // The book's path goes through the environment: the script itself never prints it.
        try """
        #!/bin/sh
        while [ ! -e '\(go.path)' ]; do sleep 0.05; done
        XDG_STATE_HOME='\(folder.path)/state' XDG_CACHE_HOME='\(folder.path)/cache' XDG_CONFIG_HOME='\(folder.path)/config' '\(TmuxSessionTests.binary.path)' "$READER_BOOK" 2>/dev/null
        touch '\(done.path)'
        sleep 600
        """.write(to: script, atomically: true, encoding: .utf8)
        try tmux(["new-session", "-d", "-x", "70", "-y", "16", "-e", "READER_BOOK=\(book)", "sh \(script.path)"])
        try tmux(["pipe-pane", "-O", "cat > '\(capture.path)'"])
        FileManager.default.createFile(atPath: go.path, contents: nil)
        try waitFor("the first page") { try screen().contains(visible) }
        for keys in [["Space"], ["Space"], ["]"], ["]"], ["g"], ["t"], ["Down"], ["Down"], ["Enter"], ["m"], ["'"], ["Escape"],
                     ["-l", "/RED"], ["Enter"], ["n"], ["?"], ["Escape"], ["G"], ["b"], ["-l", ":50%"], ["Enter"], ["q"]] {
            try tmux(["send-keys"] + keys)
            usleep(60_000)
        }
        waitFor("the reader to quit") { FileManager.default.fileExists(atPath: done.path) }
        usleep(200_000)
        try tmux(["kill-server"])
        return [UInt8](try Data(contentsOf: capture))
    }

    /// Fails at the first byte that is not printable UTF-8 text, CR, LF, BS or one of the
    /// encoder's CSI sequences (ESC [ parameters 0x30–0x3F, final byte one of H m J K C D A
    /// B l h r); also fails on bidi formatting characters.
    func assertOnlyEncoderOutput(_ bytes: [UInt8], _ context: String) {
        XCTAssertGreaterThan(bytes.count, 500, "\(context): nothing captured")
        var sequences = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                    return XCTFail("\(context): ESC not starting a CSI at \(i): \(preview(bytes, i))")
                }
                var j = i + 2
                while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count, Array("HmJKCDABlhr".utf8).contains(bytes[j]) else {
                    return XCTFail("\(context): unexpected CSI at \(i): \(preview(bytes, i))")
                }
                sequences += 1
                i = j + 1
                continue
            }
            if b < 0x20 && b != 0x0D && b != 0x0A && b != 0x08 || b == 0x7F {
                return XCTFail("\(context): control byte 0x\(String(b, radix: 16)) at \(i): \(preview(bytes, i))")
            }
            if b >= 0x80 {
                // One whole UTF-8 scalar, never a C1 control or a bidi formatting character.
                let n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
                guard n > 0, i + n <= bytes.count,
                      let s = String(validating: bytes[i..<(i + n)], as: UTF8.self), let u = s.unicodeScalars.first else {
                    return XCTFail("\(context): invalid UTF-8 at \(i): \(preview(bytes, i))")
                }
                if (0x80...0x9F).contains(u.value) { return XCTFail("\(context): C1 control at \(i)") }
                if [0x061C, 0x200E, 0x200F].contains(u.value) || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value) {
                    return XCTFail("\(context): bidi control U+\(String(u.value, radix: 16)) at \(i)")
                }
                i += n
                continue
            }
            i += 1
        }
        XCTAssertGreaterThan(sequences, 10, "\(context): the encoder's own sequences should be there")
    }

    private func preview(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[max(0, at - 20)..<min(bytes.count, at + 20)], as: UTF8.self).debugDescription
    }

    /// Hostile EPUB (Tools/fixtures: hostile-controls.epub), under a hostile file name.
    func testHostileEPUBWritesOnlyEncoderSequences() throws {
        let name = folder.appendingPathComponent("evil\u{1B}]0;owned\u{07}\u{202E}bupe.epub").path
        try FileManager.default.copyItem(atPath: TmuxSessionTests.fixtures.appendingPathComponent("epub/hostile-controls.epub").path,
                                         toPath: name)
        let bytes = try capture(name, expect: "Body")
        assertOnlyEncoderOutput(bytes, "hostile EPUB")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("owned"), "the file name's OSC payload must not be shown as a title")
    }

    /// Hostile TXT: the title falls back to the (hostile) file name; headings and body carry
    /// raw escape sequences, C1 controls and bidi overrides.
    func testHostileTXTWritesOnlyEncoderSequences() throws {
        let name = folder.appendingPathComponent("name\u{1B}[2J\u{9B}31m\u{202E}txt.txt").path
        let nasty = "\u{1B}[2J\u{1B}[31mRED\u{1B}]0;pwned\u{07}\u{1B}P1$qm\u{1B}\\\u{9B}31m\u{9D}0;t\u{9C}\u{85}\u{07}\u{08}\r\u{202E}evil\u{202C}\u{2066}iso\u{2069}"
        var text = ""
        for i in 1...6 {
            text += "CHAPTER \(i) \(nasty)\n\n"
            for _ in 0..<6 { text += "Body \(nasty) of chapter \(i), with words enough to wrap the column twice over.\n\n" }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: name))
        let bytes = try capture(name, expect: "Body")
        assertOnlyEncoderOutput(bytes, "hostile TXT")
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("pwned"))
    }
}
