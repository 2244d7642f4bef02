import Foundation
import XCTest
import TextContent
import TextLayout
@testable import LayoutCache

/// Replays the inputs that made the `cachedecode` fuzz target fail
/// (`Fixtures/fuzz-regressions/cachedecode/`, docs/FUZZING.md), framed exactly as
/// Fuzz/Sources/fuzz-cachedecode frames them: every decoder must reject or accept a valid
/// value, never trap.
final class FuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions/cachedecode")

    private let key = "k"
    private let layoutKey = LayoutCacheKey(bookKey: "fuzz", options: LayoutOptions(width: 40))

    func testCacheDecoderInputs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let data = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
            guard let mode = data.first else { continue }
            replay(mode: mode % 6, body: Array(data.dropFirst()), name: name)
        }
    }

    private func replay(mode: UInt8, body: [UInt8], name: String) {
        switch mode {
        case 0, 1:
            var blob = body
            if mode == 0 {
                blob = LineCollectionCodec.magic + [UInt8(truncatingIfNeeded: LineCollectionCodec.formatVersion),
                                                    UInt8(LineCollectionCodec.formatVersion >> 8), 1] + Array(key.utf8) + body
                let sum = blob.withUnsafeBufferPointer { LineCollectionCodec.checksum($0) }
                for k in 0..<8 { blob.append(UInt8(truncatingIfNeeded: sum >> (8 * UInt64(k)))) }
            }
            if let lines = try? blob.withUnsafeBytes({ try LineCollectionCodec.decode($0, expectedKey: key) }) {
                for i in 0..<lines.count { _ = lines[i] }
            }
        case 2, 3:
            var blob = body
            if mode == 2 {
                blob = TextContentCodec.magic + [UInt8(truncatingIfNeeded: TextContentCodec.formatVersion),
                                                 UInt8(TextContentCodec.formatVersion >> 8), 0, 0]
                    + [UInt8](repeating: 0, count: 16) + [1] + Array(key.utf8) + body
                blob.withUnsafeMutableBytes { raw in
                    CacheFileFormat.put64(UInt64(raw.count), raw, 16)
                    CacheFileFormat.put64(LayoutCache.wordDigest(UnsafeRawBufferPointer(rebasing: raw[16...])), raw, 8)
                }
            }
            do {
                let content = try blob.withUnsafeBytes { try TextContentCodec.decode($0, expectedKey: key) }
                XCTAssertEqual(content.validate(), [], name)
            } catch {
                XCTAssertTrue(error is TextContentCodec.DecodeError, "\(name): \(error)")
            }
        default:
            // Layout files: covered raw (framing them needs the harness's header logic).
            if let header = try? body.withUnsafeBytes({ try CacheFileFormat.parseHeader($0, expectedIdentity: Array(layoutKey.identity.utf8)) }) {
                let layout = CachedBookLayout(key: layoutKey, bytes: body, header: header, origin: nil)
                for c in 0..<layout.chapterCount { _ = layout.lines(chapter: c) }
            }
        }
    }
}
