import Foundation
import XCTest
@testable import TerminalGraphics

/// The kitty protocol's sequences: exact bytes for a tiny picture, chunking that the
/// terminal reassembles into the same pixels, placement and deletion.
final class KittyGraphicsTests: XCTestCase {
    func testTinyPictureIsOneSequence() {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 128]
        let out = String(decoding: KittyGraphics.transmit(id: 7, width: 2, height: 1, rgba: rgba), as: UTF8.self)
        XCTAssertEqual(out, "\u{1B}_Ga=t,f=32,s=2,v=1,i=7,q=2,m=0;" + Data(rgba).base64EncodedString() + "\u{1B}\\")
    }

    func testLargePictureIsChunkedAndReassembles() throws {
        let rgba = (0..<(64 * 48 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let out = String(decoding: KittyGraphics.transmit(id: 1, width: 64, height: 48, rgba: rgba), as: UTF8.self)
        let sequences = out.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        XCTAssertEqual(sequences.count, (Data(rgba).base64EncodedString().count + 4095) / 4096)
        var payload = ""
        for (i, s) in sequences.enumerated() {
            XCTAssertTrue(s.hasPrefix("\u{1B}_G"))
            let parts = s.dropFirst(3).split(separator: ";", maxSplits: 1)
            let control = String(parts[0])
            XCTAssertEqual(control.hasPrefix("a=t,f=32,s=64,v=48,i=1,q=2,"), i == 0, control)
            XCTAssertTrue(control.hasSuffix(i == sequences.count - 1 ? "m=0" : "m=1"), control)
            XCTAssertLessThanOrEqual(parts[1].count, KittyGraphics.chunkSize)
            payload += parts[1]
        }
        XCTAssertEqual(try XCTUnwrap(Data(base64Encoded: payload)), Data(rgba))
    }

    func testPlaceDeleteAndQuery() {
        XCTAssertEqual(String(decoding: KittyGraphics.place(id: 3, placement: 2, columns: 40, rows: 12), as: UTF8.self),
                       "\u{1B}_Ga=p,i=3,p=2,c=40,r=12,C=1,q=2\u{1B}\\")
        XCTAssertEqual(String(decoding: KittyGraphics.delete(id: 3), as: UTF8.self), "\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\\")
        XCTAssertTrue(KittyGraphics.answersQuery(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8)))
        XCTAssertFalse(KittyGraphics.answersQuery(Array("\u{1B}[?62;4c".utf8)), "a DA1 answer alone is no")
        XCTAssertFalse(KittyGraphics.answersQuery(Array("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\".utf8)))
    }

    func testTmuxPassthroughDoublesEscapes() {
        let wrapped = TmuxPassthrough.wrap(KittyGraphics.delete(id: 1))
        XCTAssertEqual(String(decoding: wrapped, as: UTF8.self), "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    func testITermInlineCarriesTheFile() throws {
        let file = Array("\u{89}PNG fake bytes".utf8)
        let out = String(decoding: ITermGraphics.inline(file: file, columns: 30, rows: 10), as: UTF8.self)
        XCTAssertTrue(out.hasPrefix("\u{1B}]1337;File=inline=1;size=\(file.count);width=30;height=10;preserveAspectRatio=0:"))
        XCTAssertTrue(out.hasSuffix("\u{07}"))
        let b64 = out.split(separator: ":", maxSplits: 1)[1].dropLast()
        XCTAssertEqual(try XCTUnwrap(Data(base64Encoded: String(b64))), Data(file))
    }
}

extension KittyGraphicsTests {
    /// The compressed form inflates (with an independent zlib: Python's, through the
    /// system's `python3`) back to the pixels, and is smaller for a flat picture.
    func testCompressedPictureInflatesToThePixels() throws {
        let rgba = (0..<(40 * 30)).flatMap { i -> [UInt8] in i % 7 == 0 ? [9, 8, 7, 255] : [200, 100, 50, 255] }
        let plain = KittyGraphics.transmit(id: 2, width: 40, height: 30, rgba: rgba)
        let packed = KittyGraphics.transmit(id: 2, width: 40, height: 30, rgba: rgba, compressed: true)
        XCTAssertLessThan(packed.count * 4, plain.count)
        let text = String(decoding: packed, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}_Ga=t,f=32,o=z,s=40,v=30,i=2,q=2,m=0;"))
        let b64 = text.dropFirst(text.distance(from: text.startIndex, to: text.firstIndex(of: ";")!) + 1).dropLast(2)
        let deflated = try XCTUnwrap(Data(base64Encoded: String(b64)))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import sys,zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(deflated)
        try input.fileHandleForWriting.close()
        let inflated = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual([UInt8](inflated), rgba)
    }
}
