import XCTest
import TextContent
import TextLayout
@testable import LayoutCache
import Support
import TestSupport

/// Pins every value the caches persist — file names, key digests, text digests, checksums
/// and whole encodings — as produced by the code of December 2026. A change that alters
/// one must bump the format version concerned (and say so in docs/CACHE.md).
final class PersistedFormatGoldenTests: XCTestCase {
    static let options = LayoutOptions(width: 72, firstLineIndent: 2, paragraphSpacing: false, lineBreakStyle: .loose,
                                       justify: true, tabWidth: 8)
    static let key = LayoutCacheKey(bookKey: "0123456789abcdef-3e8", options: options, engineVersion: 7, unicodeVersion: "15.1.0",
                                    dictionaryVersion: "")

    func testLayoutKeyNamesAreUnchanged() {
        let k = Self.key
        XCTAssertEqual(k.identity, "reader-layout;book=0123456789abcdef-3e8;engine=7;unicode=15.1.0;width=72;indent=2;spacing=0;break=loose;justify=1;tab=8")
        XCTAssertEqual(k.digest, "c1ed95f1c88b71b3")
        XCTAssertEqual(k.fileName, "0123456789abcdef-3e8.c1ed95f1c88b71b3.rlc")
        let strict = LayoutCacheKey(bookKey: "Ab/c", options: LayoutOptions(width: 40), engineVersion: 4, unicodeVersion: "16.0.0",
                                    dictionaryVersion: "")
        XCTAssertEqual(strict.fileName, "bc.624f9508261fecec.rlc")
        // Since engine 8 the key names ICU's version (its dictionaries break Thai words).
        let icu = LayoutCacheKey(bookKey: "0123456789abcdef-3e8", options: Self.options, engineVersion: 8,
                                 unicodeVersion: "15.0.0", dictionaryVersion: "72.1")
        XCTAssertEqual(icu.identity, "reader-layout;book=0123456789abcdef-3e8;engine=8;unicode=15.0.0;icu=72.1;width=72;indent=2;spacing=0;break=loose;justify=1;tab=8")
    }

    func testContentFileNamesAreUnchanged() {
        XCTAssertEqual(ContentCache.fileName(bookKey: "0123456789abcdef-3e8"), "0123456789abcdef-3e8.rtc")
        XCTAssertEqual(ContentCache.fileName(bookKey: "AB/../x"), "x.rtc")
        XCTAssertEqual(ContentCache.identity(bookKey: "k-1", parserVersion: 3), "reader-content;book=k-1;parser=3")
    }

    func testTextDigestsAreUnchanged() {
        XCTAssertEqual(Digest.words(UnsafeRawBufferPointer(start: nil, count: 0)), 0xaf63_bd4c_8601_b7df)
        XCTAssertEqual(GoldenBytes.pattern(1003).withUnsafeBytes { Digest.words($0) }, 0x4387_1e0c_0b62_735b)
        XCTAssertEqual(LayoutCache.textDigest(of: TextContentCodecTests.richBook()), 0x3a93_2485_ca51_e7a1)
    }

    /// Format 9 (issue #23): format 8's bytes plus one per chapter (its writing mode, 0 as
    /// the book). Format 7 (the fixed-layout flag) since #19's fixed-layout EPUBs: format 6's bytes plus
    /// one. Format 8 (issue #23): the same bytes but the version, the fixed-layout byte now
    /// flags (bit 1: vertical writing). Format 6 (images, the cover) since issues #18/#19: a book without them takes format
    /// 5's bytes plus two (no images, an empty cover). Format 5 (ruby, emphasis marks, block placement) since issue #17: a book without
    /// them takes format 4's bytes plus three (no ruby text, no rubies, no marks); format
    /// 4 (language spans) since `TextContent.languages`; format 3 (URLs on style
    /// runs, the notes' extents) since issue #14; format 2 (list markers, verse flags in
    /// the blocks) since issue #13.
    func testContentCodecEncodingIsUnchanged() {
        let book = TextContentCodecTests.richBook()
        let key = "reader-content;book=0123456789abcdef-3e8;parser=1"
        let blob = TextContentCodec.encode(book, key: key)
        XCTAssertEqual(book.chapters.count, 5)
        XCTAssertEqual(blob.count, 6933 + 3 + 2 + 1 + 5)
        XCTAssertEqual(GoldenBytes.fnv1a64(blob), 5844392836269707901)
        XCTAssertEqual(GoldenBytes.hex(blob.prefix(64)), "5244544309000000bf404f861c815434201b000000000000317265616465722d636f6e74656e743b626f6f6b3d303132333435363738396162636465662d3365")
        // A chapter's own mode is that byte: the same size, and it comes back.
        var modes = book
        modes.chapters[1].verticalWriting = false
        modes.chapters[3].verticalWriting = true
        let withModes = TextContentCodec.encode(modes, key: key)
        XCTAssertEqual(withModes.count, blob.count)
        XCTAssertEqual(zip(withModes.dropFirst(16), blob.dropFirst(16)).filter { $0 != $1 }.count, 2, "two mode bytes (the checksum aside)")
        XCTAssertEqual(try withModes.withUnsafeBytes { try TextContentCodec.decode($0, expectedKey: key) }.chapters.map(\.verticalWriting),
                       [nil, false, nil, true, nil])
        // Without its spans the book takes format 3's bytes plus one (the zero count).
        var none = book
        none.languages = []
        XCTAssertEqual(TextContentCodec.encode(none, key: key).count, 6822 + 1 + 3 + 2 + 1 + 5)
    }

    /// Two chapters of hand-made lines (no layout engine involved, so a change of line
    /// fitting cannot move these bytes).
    static func chapters() -> [LineCollection] {
        let p = BlockKind.paragraph.rawValue, h = BlockKind.heading.rawValue
        let first = LineCollection(options: options, range: ByteRange(0, 56),
                                   starts: [0, 30], lengths: [30, 26], widths: [28, 25], indents: [2, 0], kinds: [h, p],
                                   flags: [LineFlags([.blockStart, .blockEnd]).rawValue, LineFlags.blockEnd.rawValue])
        let second = LineCollection(options: options, range: ByteRange(56, 200),
                                    starts: [56, 57, 100], lengths: [0, 43, 90], widths: [0, 40, 75], indents: [0, 2, 0],
                                    kinds: [p, p, p],
                                    flags: [LineFlags.blank.rawValue, LineFlags.blockStart.rawValue,
                                            LineFlags([.overwide, .blockEnd]).rawValue])
        return [first, second]
    }

    static let layoutFileHex = [
        "52444c42010000008f340cf5c7554343d8000000020000000500000000000000c8000000000000003601000000000000",
        "efcdab8967452301770000007265616465722d6c61796f75743b626f6f6b3d303132333435363738396162636465662d",
        "3365383b656e67696e653d373b756e69636f64653d31352e312e303b77696474683d37323b696e64656e743d323b7370",
        "6163696e673d303b627265616b3d6c6f6f73653b6a7573746966793d313b7461623d3800000000000000000038000000",
        "020000002c00000038000000c8000000030000003200000052444c4302000a633165643935663123304802080a003802",
        "02028380840104032d00023035b04cb91d30a63b52444c4302000a633165643935663123314802080a38c80103031042",
        "818080010001490904210410004b02a3617bd5fb3a14",
    ].joined()

    func testLayoutFileEncodingIsUnchanged() throws {
        let bytes = CacheFileFormat.encode(key: Self.key, textDigest: 0x0123_4567_89ab_cdef, chapters: Self.chapters())
        XCTAssertEqual(GoldenBytes.hex(bytes), Self.layoutFileHex)
        let header = try bytes.withUnsafeBytes { try CacheFileFormat.parseHeader($0, expectedIdentity: Array(Self.key.identity.utf8)) }
        XCTAssertEqual(header.totalLines, 5)
        XCTAssertEqual(header.textDigest, 0x0123_4567_89ab_cdef)
    }
}
