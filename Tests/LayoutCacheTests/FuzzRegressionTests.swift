import Foundation
import XCTest
import TextContent
import TextLayout
@testable import LayoutCache
import Support

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
                var w = ByteWriter(appendingTo: blob)
                w.appendLittleEndian(Digest.fnv1a64(blob))
                blob = w.bytes
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
                Fixtures.resignContentBlob(&blob)
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
