import XCTest
import TextContent
import TextLayout
import TestSupport

/// Pins the bytes of `LineCollectionCodec` format 2 (the per-chapter blobs of the layout
/// cache files): a change of encoder must either keep them or bump `formatVersion`. The
/// expected bytes were produced by the encoder of December 2026.
final class LineCollectionCodecGoldenTests: XCTestCase {
    /// Five hand-made lines covering every encoding path: gap codes 0, 1 and 2 (a step
    /// back), a line with fewer bytes than cells (length escape), an overwide line (width
    /// escape), three meta values.
    static func goldenLines() -> LineCollection {
        let options = LayoutOptions(width: 72, firstLineIndent: 2, paragraphSpacing: false, lineBreakStyle: .loose,
                                    justify: true, tabWidth: 8)
        let p = BlockKind.paragraph.rawValue, h = BlockKind.heading.rawValue
        return LineCollection(options: options, range: ByteRange(0, 200),
                              starts: [0, 30, 56, 50, 100], lengths: [30, 25, 0, 10, 90], widths: [28, 25, 0, 12, 75],
                              indents: [2, 0, 0, 0, 0], kinds: [p, p, p, h, p],
                              flags: [LineFlags.blockStart.rawValue, LineFlags.blockEnd.rawValue, LineFlags.blank.rawValue,
                                      LineFlags([.blockStart, .blockEnd, .hardBreak]).rawValue,
                                      LineFlags([.overwide, .emergencyBreak]).rawValue])
    }

    static let goldenHex = [
        "52444c4302000a303132336162636423334802080a00c8010505021044a380048180800110032d0001300501490e0b00",
        "0a3d0a5010004b91f60ebcab71630d",
    ].joined()

    func testEncodingIsUnchanged() throws {
        let blob = LineCollectionCodec.encode(Self.goldenLines(), key: "0123abcd#3")
        XCTAssertEqual(GoldenBytes.hex(blob), Self.goldenHex)
        XCTAssertEqual(try blob.withUnsafeBytes { try LineCollectionCodec.decode($0, expectedKey: "0123abcd#3") },
                       Self.goldenLines())
    }

    func testChecksumIsFNV1a64() {
        let blob = LineCollectionCodec.encode(Self.goldenLines(), key: "0123abcd#3")
        let stored = blob.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        XCTAssertEqual(stored, GoldenBytes.fnv1a64(blob.dropLast(8)))
    }
}
