import Foundation
import XCTest
import TextContent
@testable import LayoutCache
import Support
import TestSupport

/// `TextContentCodec` (the parsed-book blob) and `ContentCache` (its files).
final class TextContentCodecTests: XCTestCase {
    let key = "reader-content;book=0123456789abcdef-2f3912;parser=1"

    /// A book exercising every field: chapters with non-ASCII titles and levels, blocks of
    /// every kind (one RTL, one LTR), styles with and without targets, TOC, metadata,
    /// source-map anchors (linear and not, several sources) and warnings.
    static func richBook() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Война и мир — «Test»", authors: ["Лев Толстой", "A. N. Other"],
                                                          language: "ru", format: .epub, encoding: "UTF-8",
                                                          direction: .rightToLeft, version: "3.0"))
        var rng = Fixtures.SplitMix(state: 7)
        let kinds = BlockKind.allCases
        for c in 0..<5 {
            let source = "OEBPS/ch\(c).xhtml"
            b.beginChapter(title: c == 1 ? "Глава 第二章 ✦ \(c)" : "Chapter \(c + 1)", level: c == 3 ? 2 : 1, source: source)
            b.addTOCEntry(title: "TOC « \(c) »", level: c % 2 + 1, targetKey: source, source: source + "#toc")
            b.defineTarget(source)
            b.anchor(source: source, offset: 100 * c, linear: true)
            for (k, kind) in kinds.enumerated() {
                let direction: TextDirection = k == 2 ? .rightToLeft : k == 3 ? .leftToRight : .unspecified
                b.beginBlock(kind, level: kind == .heading ? 2 : kind == .listItem ? UInt8(1 + k % 3) : 0, direction: direction)
                if k == 4 { b.defineTarget("note\(c)") }
                b.anchor(source: source, offset: 100 * c + 10 * k, linear: k % 2 == 0)
                let n = 3 + rng.below(20)
                // Format 4: language spans (a French block, a Swiss German run nested in it).
                if k == 2 { b.beginLanguage(c == 0 ? "fr" : "de-CH") }
                b.append((0..<n).map { _ in Fixtures.words[rng.below(Fixtures.words.count)] }.joined(separator: " "))
                let t = b.beginStyle(.emphasis)
                if k == 2 { b.beginLanguage("gsw") }
                b.append(" emphasised שלום")
                if k == 2 { b.endLanguage() }
                // Format 3: a URL on some links (percent-encoded by the builder).
                let link = b.beginStyle(k % 2 == 0 ? .noteReference : .link, targetKey: "note\((c + 1) % 5)",
                                        url: k == 1 ? "https://example.org/ü \(c)" : nil)
                b.append(" see¹")
                b.endStyle(link)
                b.endStyle(t)
                if k == 2 { b.endLanguage() }
                if k == 5 { b.appendLineBreak(); b.append("second line") }
                // Format 3: the block with id note<c> is a note (its extent ends with it).
                if k == 4 { b.endBlock(); b.endTarget("note\(c)") }
            }
            b.anchor(source: "OEBPS/other.xhtml", offset: 7, linear: false)
            b.beginBlock(.paragraph, isVerse: c == 4)
            b.append("closing 😀 text")
        }
        // List markers with their indents (format 2; the last paragraph is a stanza of verse).
        b.endBlock()
        b.setListMarker(.lowerRoman, ordinal: -4, inBlocks: 0..<b.blockCount)
        b.setListMarker(.decimal, ordinal: Int32.max, inBlocks: 0..<b.blockCount)
        b.indentListBlocks(from: b.blockCount / 2, by: 5)
        b.warn("skipped a chapter: ch9.xhtml")
        b.warn("ünïcödé warning")
        return b.finish()
    }

    static func assertEqual(_ a: TextContent, _ b: TextContent, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.bytes, b.bytes, file: file, line: line)
        XCTAssertEqual(a.chapters, b.chapters, file: file, line: line)
        XCTAssertEqual(a.blocks, b.blocks, file: file, line: line)
        XCTAssertEqual(a.styles, b.styles, file: file, line: line)
        XCTAssertEqual(a.toc, b.toc, file: file, line: line)
        XCTAssertEqual(a.metadata, b.metadata, file: file, line: line)
        XCTAssertEqual(a.sourceMap, b.sourceMap, file: file, line: line)
        XCTAssertEqual(a.sourceMap.sources, b.sourceMap.sources, file: file, line: line)
        XCTAssertEqual(a.warnings, b.warnings, file: file, line: line)
        XCTAssertEqual(a.notes, b.notes, file: file, line: line)
        XCTAssertEqual(a.languages, b.languages, file: file, line: line)
        for offset in stride(from: 0, through: a.bytes.count, by: max(1, a.bytes.count / 997)) {
            XCTAssertEqual(a.sourceMap.location(of: ByteOffset(offset)), b.sourceMap.location(of: ByteOffset(offset)),
                           "source map at \(offset)", file: file, line: line)
        }
    }

    /// Decodes `blob` both ways (from a buffer, and reusing the array's storage) and checks
    /// that they agree: the same content, or both rejecting.
    func decode(_ blob: [UInt8], key: String? = nil) throws -> TextContent {
        var reusable = blob
        let reused = try? TextContentCodec.decode(reusing: &reusable, expectedKey: key ?? self.key)
        do {
            let content = try blob.withUnsafeBytes { try TextContentCodec.decode($0, expectedKey: key ?? self.key) }
            XCTAssertNotNil(reused, "decode(reusing:) rejected what decode(_:) accepted")
            // The text's digest, learnt with the checksum, is the one the layout cache computes.
            let digest = content.bytes.withUnsafeBytes { Digest.words($0) }
            XCTAssertEqual(content.knownTextDigest, digest)
            if let reused {
                Self.assertEqual(content, reused)
                XCTAssertEqual(reusable, content.bytes)
                XCTAssertEqual(reused.knownTextDigest, digest)
            }
            return content
        } catch {
            XCTAssertNil(reused, "decode(reusing:) accepted what decode(_:) rejected")
            throw error
        }
    }

    /// Recomputes the checksum after a deliberate edit, to reach the checks behind it.
    func resign(_ blob: inout [UInt8]) {
        Fixtures.patch(&blob, blob.withUnsafeBytes { Digest.words(UnsafeRawBufferPointer(rebasing: $0[16...])) }, at: 8)
    }

    // MARK: Codec

    func testRichBookIsWhatItClaims() {
        let book = Self.richBook()
        XCTAssertEqual(book.validate(), [])
        XCTAssertEqual(Set(book.blocks.map(\.kind)), Set(BlockKind.allCases))
        XCTAssertTrue(book.blocks.contains { $0.direction == .rightToLeft })
        XCTAssertTrue(book.styles.contains { $0.target != nil })
        XCTAssertTrue(book.styles.contains { $0.target == nil })
        XCTAssertEqual(book.toc.count, 5)
        XCTAssertGreaterThan(book.sourceMap.count, 20)
        XCTAssertGreaterThanOrEqual(book.sourceMap.sources.count, 6)
        XCTAssertEqual(book.warnings.count, 2)
        XCTAssertEqual(book.chapters.count, 5)
        XCTAssertEqual(book.blocks.filter(\.isVerse).count, 1)
        XCTAssertEqual(Set(book.blocks.compactMap(\.marker?.style)), [.lowerRoman, .decimal, .none])
        XCTAssertTrue(book.blocks.contains { $0.marker?.indent == 5 })
        XCTAssertEqual(book.notes.count, 5)
        XCTAssertEqual(book.styles.compactMap(\.url).count, 5)
        XCTAssertEqual(book.styles.first { $0.url != nil }?.url, "https://example.org/%C3%BC%200")
        XCTAssertEqual(book.languages.count, 15)
        XCTAssertEqual(Set(book.languages.map(\.tag)), ["fr", "de-CH", "gsw"])
    }

    func testLanguagesRoundTripAndDamagedOnesAreRejected() throws {
        let book = Self.richBook()
        XCTAssertEqual(try decode(TextContentCodec.encode(book, key: key)).languages, book.languages)
        var overlapping = book
        overlapping.languages[1].range = ByteRange(overlapping.languages[0].range.upperBound - 1, overlapping.languages[1].range.upperBound)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(overlapping, key: key))) {
            guard case .invalidContent? = $0 as? TextContentCodec.DecodeError else { return XCTFail("\($0)") }
        }
        var outside = book
        outside.languages[outside.languages.count - 1].range = ByteRange(book.bytes.count - 1, book.bytes.count + 1)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(outside, key: key))) {
            XCTAssertEqual($0 as? TextContentCodec.DecodeError, .malformed("range length"))
        }
        for tag in ["", "fr\u{1B}[31m", "a b"] {
            var badTag = book
            badTag.languages[0].tag = tag
            XCTAssertThrowsError(try decode(TextContentCodec.encode(badTag, key: key)), tag) {
                XCTAssertEqual($0 as? TextContentCodec.DecodeError, .malformed("language tag"))
            }
        }
        // Cut inside the languages section, size and checksum fixed up: rejected, no trap.
        let blob = TextContentCodec.encode(book, key: key)
        var none = book
        none.languages = []
        XCTAssertGreaterThan(blob.count, TextContentCodec.encode(none, key: key).count)
        let tagAt = try XCTUnwrap(Self.find(Array("gsw".utf8), in: blob))
        for n in tagAt - 8..<tagAt + 3 {
            var cut = Array(blob[0..<n])
            Fixtures.patch(&cut, UInt64(cut.count), at: 16)
            resign(&cut)
            XCTAssertThrowsError(try decode(cut), "cut at \(n)")
        }
    }

    /// A book with ruby, emphasis marks and placed blocks (issue #17).
    static func rubyBook() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .txt))
        b.beginBlock(.paragraph, placement: BlockPlacement(firstIndent: 4, restIndent: 2, startsPage: true))
        b.appendRuby(base: "吾輩", reading: "わがはい")
        b.append("は猫である。")
        let start = b.currentOffset
        b.append("大事")
        b.addEmphasisMarks(over: ByteRange(start, b.currentOffset), mark: .whiteSesame)
        b.beginBlock(.paragraph, placement: BlockPlacement(endGap: 4))
        b.appendRuby(base: "夏目", reading: "なつめ")
        b.appendRuby(base: "漱石", reading: "そうせき")
        return b.finish()
    }

    func testRubyMarksAndPlacementRoundTripAndDamagedOnesAreRejected() throws {
        let book = Self.rubyBook()
        XCTAssertEqual(book.validate(), [])
        XCTAssertEqual(book.rubies.count, 3)
        let decoded = try decode(TextContentCodec.encode(book, key: key))
        XCTAssertEqual(decoded.rubies, book.rubies)
        XCTAssertEqual(decoded.rubyText, book.rubyText)
        XCTAssertEqual(decoded.emphasisMarks, book.emphasisMarks)
        XCTAssertEqual(decoded.blocks, book.blocks)
        XCTAssertEqual(decoded.reading(of: decoded.rubies[2]), "そうせき")
        XCTAssertEqual(decoded.blocks[1].placement.endGap, 4)
        var pictured = book
        pictured.images = [ImageReference(offset: .zero, source: "OEBPS/a b.png"), ImageReference(offset: pictured.blocks[1].range.lowerBound, source: "#cover.jpg")]
        XCTAssertEqual(pictured.validate(), [])
        pictured.metadata.cover = "#cover.jpg"
        let decodedPictured = try decode(TextContentCodec.encode(pictured, key: key))
        XCTAssertEqual(decodedPictured.images, pictured.images, "images round trip")
        XCTAssertEqual(decodedPictured.metadata, pictured.metadata, "the cover round trips")
        pictured.metadata.fixedLayout = true
        XCTAssertTrue(try decode(TextContentCodec.encode(pictured, key: key)).metadata.fixedLayout, "fixed layout round trips")
        pictured.metadata.verticalWriting = true
        XCTAssertEqual(try decode(TextContentCodec.encode(pictured, key: key)).metadata, pictured.metadata, "vertical writing round trips")
        pictured.metadata.fixedLayout = false
        XCTAssertEqual(try decode(TextContentCodec.encode(pictured, key: key)).metadata, pictured.metadata, "each flag on its own")
        var past = pictured
        past.images[1].offset = ByteOffset(past.bytes.count + 5)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(past, key: key)), "an image past the text is rejected")
        var overlapping = book
        overlapping.rubies[1].base = ByteRange(overlapping.rubies[1].base.lowerBound - 1, overlapping.rubies[1].base.upperBound)
        overlapping.rubies[2].base = overlapping.rubies[1].base
        XCTAssertThrowsError(try decode(TextContentCodec.encode(overlapping, key: key)))
        var dirty = book
        dirty.rubyText[0] = 0x1B
        XCTAssertThrowsError(try decode(TextContentCodec.encode(dirty, key: key))) {
            guard case .invalidContent? = $0 as? TextContentCodec.DecodeError else { return XCTFail("\($0)") }
        }
        let blob = TextContentCodec.encode(book, key: key)
        for n in stride(from: blob.count - 40, to: blob.count, by: 1) {
            var cut = Array(blob[0..<n])
            Fixtures.patch(&cut, UInt64(cut.count), at: 16)
            resign(&cut)
            XCTAssertThrowsError(try decode(cut), "cut at \(n)")
        }
    }

    /// The first offset of `needle` in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    func testRoundTrip() throws {
        let book = Self.richBook()
        let blob = TextContentCodec.encode(book, key: key)
        Self.assertEqual(book, try decode(blob))
        XCTAssertEqual(try decode(blob).notes, book.notes)
        // Deterministic.
        XCTAssertEqual(blob, TextContentCodec.encode(book, key: key))
    }

    func testAKnownTextDigestIsForgottenWhenTheTextChanges() throws {
        var content = try decode(TextContentCodec.encode(Self.richBook(), key: key))
        XCTAssertNotNil(content.knownTextDigest)
        XCTAssertEqual(LayoutCache.textDigest(of: content), content.bytes.withUnsafeBytes { Digest.words($0) })
        content.bytes[0] ^= 1
        XCTAssertNil(content.knownTextDigest)
        XCTAssertEqual(LayoutCache.textDigest(of: content), content.bytes.withUnsafeBytes { Digest.words($0) })
        XCTAssertNil(Self.richBook().knownTextDigest, "a parsed book knows no digest")
    }

    func testRoundTripOfOtherBooks() throws {
        for book in [Fixtures.book(), Fixtures.book(chapters: 1, paragraphs: 1, seed: 3),
                     Self.emptyBuilt()] {
            Self.assertEqual(book, try decode(TextContentCodec.encode(book, key: key)))
        }
        // A hand-made content with an empty source map and no chapters of text.
        let empty = TextContent(bytes: [], chapters: [], blocks: [], styles: [], toc: [],
                                metadata: BookMetadata(title: "x", format: .txt), sourceMap: SourceMap())
        Self.assertEqual(empty, try decode(TextContentCodec.encode(empty, key: ""), key: ""))
    }

    static func emptyBuilt() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
        return b.finish()
    }

    func testSourceMapRawAnchorsRebuildTheMap() throws {
        let map = Self.richBook().sourceMap
        let a = map.rawAnchors
        let rebuilt = try XCTUnwrap(SourceMap(sources: map.sources, contentOffsets: a.contentOffsets, sourceIndices: a.sourceIndices,
                                              sourceOffsets: a.sourceOffsets, linear: a.linear))
        XCTAssertEqual(rebuilt, map)
        XCTAssertNil(SourceMap(sources: [], contentOffsets: [0], sourceIndices: [0], sourceOffsets: [0], linear: [true]))
        XCTAssertNil(SourceMap(sources: ["a"], contentOffsets: [3, 3], sourceIndices: [0, 0], sourceOffsets: [0, 0], linear: [true, true]))
        XCTAssertNil(SourceMap(sources: ["a"], contentOffsets: [0], sourceIndices: [0, 0], sourceOffsets: [0], linear: [true]))
    }

    func testEveryTruncationIsRejected() {
        let blob = TextContentCodec.encode(Self.richBook(), key: key)
        for n in 0..<blob.count {
            XCTAssertThrowsError(try decode(Array(blob[0..<n])), "prefix of \(n) bytes")
        }
        // Even when the size field and checksum are fixed up, a cut body never decodes.
        for n in stride(from: TextContentCodec.fixedHeaderSize, to: blob.count, by: 7) {
            var cut = Array(blob[0..<n])
            Fixtures.patch(&cut, UInt64(cut.count), at: 16)
            resign(&cut)
            XCTAssertThrowsError(try decode(cut), "re-signed prefix of \(n) bytes")
        }
    }

    func testFlippedBytesAreRejected() {
        let blob = TextContentCodec.encode(Self.richBook(), key: key)
        var rng = Fixtures.SplitMix(state: 42)
        var positions = Array(0..<64) + (blob.count - 64..<blob.count)
        for _ in 0..<600 { positions.append(rng.below(blob.count)) }
        for p in positions {
            for bit in [0, 3, 7] {
                var bad = blob
                bad[p] ^= UInt8(1 << bit)
                XCTAssertThrowsError(try decode(bad), "bit \(bit) of byte \(p)")
            }
        }
        // Appended garbage too.
        XCTAssertThrowsError(try decode(blob + [0]))
    }

    /// Damage behind a valid checksum (a bug, or a crafted file) must throw or decode to
    /// valid content — never trap.
    func testResignedDamageNeverTraps() {
        let book = Self.richBook()
        let blob = TextContentCodec.encode(book, key: key)
        var rng = Fixtures.SplitMix(state: 9)
        var rejected = 0
        for i in 0..<1200 {
            var bad = blob
            let p = TextContentCodec.fixedHeaderSize + rng.below(blob.count - TextContentCodec.fixedHeaderSize)
            bad[p] = i % 3 == 0 ? 0xFF : i % 3 == 1 ? UInt8(truncatingIfNeeded: rng.next()) : bad[p] ^ 0x80
            resign(&bad)
            if let decoded = try? decode(bad) {
                XCTAssertEqual(decoded.validate(), [])
                for c in decoded.chapters { XCTAssertLessThanOrEqual(c.range.upperBound.rawValue, decoded.bytes.count) }
                for s in decoded.styles { XCTAssertLessThanOrEqual(s.range.upperBound.rawValue, decoded.bytes.count) }
                for t in decoded.toc { XCTAssertLessThanOrEqual(t.target.rawValue, decoded.bytes.count) }
            } else {
                rejected += 1
            }
        }
        XCTAssertGreaterThan(rejected, 400)
    }

    func testInvalidTextIsRejectedEvenWithAValidChecksum() {
        let book = Self.richBook()
        // A control byte (ESC) in the text.
        var escaped = book
        escaped.bytes[3] = 0x1B
        XCTAssertThrowsError(try decode(TextContentCodec.encode(escaped, key: key))) { error in
            guard case TextContentCodec.DecodeError.invalidContent = error else { return XCTFail("\(error)") }
        }
        // Invalid UTF-8.
        var broken = book
        broken.bytes[0] = 0xFF
        XCTAssertThrowsError(try decode(TextContentCodec.encode(broken, key: key)))
        // A block past the end of the text.
        var long = book
        long.blocks[long.blocks.count - 1].range = ByteRange(long.blocks.last!.range.lowerBound.rawValue, book.bytes.count + 5)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(long, key: key))) { error in
            XCTAssertEqual(error as? TextContentCodec.DecodeError, .malformed("range length"))
        }
        // Chapters that leave a gap.
        var gap = book
        gap.chapters[1].range = ByteRange(gap.chapters[1].range.lowerBound + 1, gap.chapters[1].range.upperBound)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(gap, key: key)))
    }

    /// `validate()` scans in 4 KiB chunks: controls and C1 controls are found anywhere,
    /// including a C1 pair split across two chunks, and clean text passes.
    func testValidateFindsControlsAcrossChunkBoundaries() {
        func content(_ bytes: [UInt8]) -> TextContent {
            TextContent(bytes: bytes, chapters: [Chapter(title: "c", range: ByteRange(0, bytes.count), source: "s")],
                        blocks: [], styles: [], toc: [], metadata: BookMetadata(title: "t", format: .txt), sourceMap: SourceMap())
        }
        let clean = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)
        XCTAssertEqual(content(clean).validate(), [])
        var nbsp = clean
        nbsp[4095] = 0xC2; nbsp[4096] = 0xA0  // U+00A0 is allowed
        XCTAssertEqual(content(nbsp).validate(), [])
        var c1 = clean
        c1[4095] = 0xC2; c1[4096] = 0x9B  // U+009B CSI
        XCTAssertEqual(content(c1).validate(), ["C1 control at 4095"])
        for (position, byte) in [(0, UInt8(0x1B)), (4096, 0x7F), (9999, 0x00), (8191, 0x0D)] {
            var bad = clean
            bad[position] = byte
            XCTAssertEqual(content(bad).validate(), ["control byte 0x\(String(byte, radix: 16)) at \(position)"])
            XCTAssertThrowsError(try decode(TextContentCodec.encode(content(bad), key: key)))
        }
        var both = c1
        both[9000] = 0x1B
        XCTAssertEqual(content(both).validate(), ["control byte 0x1b at 9000", "C1 control at 4095"])
        var tabs = clean
        tabs[10] = 0x09; tabs[5000] = 0x0A
        XCTAssertEqual(content(tabs).validate(), [])
    }

    func testForeignKeyAndOtherVersionsAreRejected() {
        let blob = TextContentCodec.encode(Self.richBook(), key: key)
        XCTAssertThrowsError(try decode(blob, key: key + "x")) { XCTAssertEqual($0 as? TextContentCodec.DecodeError, .keyMismatch) }
        XCTAssertThrowsError(try decode(blob, key: "reader-content;book=0123456789abcdef-2f3912;parser=2"))
        XCTAssertThrowsError(try decode(blob, key: ""))
        for version: UInt16 in [0, TextContentCodec.formatVersion + 1, 0xFFFF] {
            var old = blob
            Fixtures.patch(&old, version, at: 4)
            resign(&old)
            XCTAssertThrowsError(try decode(old)) { XCTAssertEqual($0 as? TextContentCodec.DecodeError, .wrongVersion(version)) }
        }
        var magic = blob
        magic[0] = UInt8(ascii: "X")
        XCTAssertThrowsError(try decode(magic)) { XCTAssertEqual($0 as? TextContentCodec.DecodeError, .badMagic) }
    }

    /// Format 3: a URL that is not printable ASCII, and notes out of order or past the
    /// text, are refused (a blob written by a buggy or hostile writer).
    func testBadURLsAndNotesAreRejected() {
        let book = Self.richBook()
        var badURL = book
        let i = badURL.styles.firstIndex { $0.url != nil }!
        badURL.styles[i].url = "https://example.org/a b"
        XCTAssertThrowsError(try decode(TextContentCodec.encode(badURL, key: key))) {
            XCTAssertEqual($0 as? TextContentCodec.DecodeError, .malformed("url byte"))
        }
        badURL.styles[i].url = "https://example.org/\u{1B}[31m"
        XCTAssertThrowsError(try decode(TextContentCodec.encode(badURL, key: key)))
        var unsorted = book
        unsorted.notes.swapAt(0, 1)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(unsorted, key: key))) {
            guard case .invalidContent(let problems)? = $0 as? TextContentCodec.DecodeError else { return XCTFail("\($0)") }
            XCTAssertTrue(problems.contains("notes not sorted"))
        }
        var outside = book
        outside.notes[outside.notes.count - 1] = ByteRange(outside.notes.last!.lowerBound.rawValue, book.bytes.count + 1)
        XCTAssertThrowsError(try decode(TextContentCodec.encode(outside, key: key))) {
            XCTAssertEqual($0 as? TextContentCodec.DecodeError, .malformed("range length"))
        }
        var none = book
        none.notes = []
        for s in none.styles.indices { none.styles[s].url = nil }
        XCTAssertEqual(try decode(TextContentCodec.encode(none, key: key)).notes, [])
        XCTAssertLessThan(TextContentCodec.encode(none, key: key).count, TextContentCodec.encode(book, key: key).count)
    }

    // MARK: ContentCache

    func testCacheStoreThenLoad() throws {
        let root = Fixtures.temporaryFolder(name)
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = ContentCache(cacheRoot: root.path)
        XCTAssertEqual(cache.folder.lastPathComponent, "content")
        XCTAssertNotEqual(cache.folder, LayoutCache(cacheRoot: root.path).folder)
        let bookKey = "0123456789abcdef-2f3912"
        XCTAssertNil(cache.load(bookKey: bookKey, parserVersion: ContentCache.parserVersion))
        let book = Self.richBook()
        try cache.store(book, bookKey: bookKey, parserVersion: ContentCache.parserVersion)
        XCTAssertEqual(cache.path(bookKey: bookKey), root.path + "/content/\(bookKey).rtc")
        let loaded = try XCTUnwrap(cache.load(bookKey: bookKey, parserVersion: ContentCache.parserVersion))
        Self.assertEqual(book, loaded)
        // Another book is a miss; no temporary files are left behind.
        XCTAssertNil(cache.load(bookKey: "fedcba9876543210-1", parserVersion: ContentCache.parserVersion))
        XCTAssertEqual(CacheFiles.list(cache.folder).map(\.name), ["\(bookKey).rtc"])
        // Storing again replaces the file.
        let other = Fixtures.book()
        try cache.store(other, bookKey: bookKey, parserVersion: ContentCache.parserVersion)
        Self.assertEqual(other, try XCTUnwrap(cache.load(bookKey: bookKey, parserVersion: ContentCache.parserVersion)))
    }

    func testCacheRemovesDamagedAndOtherParserFiles() throws {
        let root = Fixtures.temporaryFolder(name)
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = ContentCache(cacheRoot: root.path)
        let bookKey = "0123456789abcdef-2f3912"
        let book = Self.richBook()
        let path = cache.path(bookKey: bookKey)

        // Damaged: one byte flipped in the middle.
        try cache.store(book, bookKey: bookKey, parserVersion: 1)
        var bytes = Array(FileManager.default.contents(atPath: path)!)
        bytes[bytes.count / 2] ^= 0x10
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        XCTAssertNil(cache.load(bookKey: bookKey, parserVersion: 1))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))

        // Truncated.
        try cache.store(book, bookKey: bookKey, parserVersion: 1)
        bytes = Array(FileManager.default.contents(atPath: path)!)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes[0..<(bytes.count - 9)]))
        XCTAssertNil(cache.load(bookKey: bookKey, parserVersion: 1))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))

        // Written by another parser version.
        try cache.store(book, bookKey: bookKey, parserVersion: 1)
        XCTAssertNil(cache.load(bookKey: bookKey, parserVersion: 2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))

        // Empty file.
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        XCTAssertNil(cache.load(bookKey: bookKey, parserVersion: 1))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// `store` writes the file in pieces (the text straight from the content): the bytes
    /// are exactly `encode`'s, checksum included, and `encodePieces` joined is `encode`.
    func testTheFileWrittenInPiecesIsTheEncoding() throws {
        let root = Fixtures.temporaryFolder(name)
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = ContentCache(cacheRoot: root.path)
        for (i, book) in [Self.richBook(), Fixtures.book(), Fixtures.book(chapters: 3)].enumerated() {
            let key = "book\(i)"
            let written = try cache.store(book, bookKey: key, parserVersion: 1)
            let expected = TextContentCodec.encode(book, key: ContentCache.identity(bookKey: key, parserVersion: 1))
            let file = Array(try XCTUnwrap(FileManager.default.contents(atPath: cache.path(bookKey: key))))
            XCTAssertEqual(file, expected)
            XCTAssertEqual(written, expected.count)
            let pieces = TextContentCodec.encodePieces(book, key: "k")
            XCTAssertEqual(pieces.head + book.bytes + pieces.rest, TextContentCodec.encode(book, key: "k"))
            Self.assertEqual(book, try XCTUnwrap(cache.load(bookKey: key, parserVersion: 1)))
        }
    }

    /// `reader cache stats` and `clear` count and remove the parsed books — and only them.
    func testCacheStatsAndClearCountOnlyContentFiles() throws {
        let root = Fixtures.temporaryFolder(name)
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = ContentCache(cacheRoot: root.path)
        XCTAssertEqual(cache.stats().files, 0, "no folder yet")
        let book = Fixtures.book()
        try cache.store(book, bookKey: "k1", parserVersion: 1)
        try cache.store(book, bookKey: "k2", parserVersion: 1)
        let layout = LayoutCache(cacheRoot: root.path)
        try layout.store(bookKey: "k1", options: .init(width: 30), content: book,
                         chapters: BookLayoutBuilder.layoutChapters(of: book, options: .init(width: 30)))
        let leftover = cache.folder + "/.k3.rtc.99999.abc.tmp"
        XCTAssertTrue(FileManager.default.createFile(atPath: leftover, contents: Data([1, 2, 3])))
        let stats = cache.stats()
        XCTAssertEqual(stats.files, 2, "the temporary file is not a parsed book")
        XCTAssertEqual(stats.bytes, 2 * Int(try FileManager.default.attributesOfItem(atPath: cache.path(bookKey: "k1"))[.size] as! UInt64))
        let removed = cache.clear()
        XCTAssertEqual(removed.files, 2)
        XCTAssertEqual(removed.bytes, stats.bytes)
        XCTAssertEqual(cache.stats().files, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover), "leftover temporary files go too")
        XCTAssertEqual(layout.stats().entries, 1, "the layout cache is left alone")
    }

    func testCacheEvictsLeastRecentlyUsedAndLeavesLayoutFilesAlone() throws {
        let root = Fixtures.temporaryFolder(name)
        defer { try? FileManager.default.removeItem(at: root) }
        let book = Fixtures.book()
        let size = TextContentCodec.encode(book, key: ContentCache.identity(bookKey: "k0", parserVersion: 1)).count
        let cache = ContentCache(cacheRoot: root.path, maxBytes: size * 3 + size / 2)
        // A layout file next door must not count against, or be removed by, the content cache.
        let layout = LayoutCache(cacheRoot: root.path)
        try layout.store(bookKey: "k0", options: .init(width: 30), content: book,
                         chapters: BookLayoutBuilder.layoutChapters(of: book, options: .init(width: 30)))
        let keys = (0..<5).map { "k\($0)" }
        for (i, k) in keys.enumerated() {
            try cache.store(book, bookKey: k, parserVersion: 1)
            CacheFiles.setModified(cache.path(bookKey: k), nanoseconds: 1_000_000_000 * Int64(i + 1))
        }
        // k4 was stored last, so k0 and k1 (the oldest) went.
        XCTAssertNil(cache.load(bookKey: "k0", parserVersion: 1))
        XCTAssertNil(cache.load(bookKey: "k1", parserVersion: 1))
        // Loading k2 makes it the most recent; the next store evicts k3.
        XCTAssertNotNil(cache.load(bookKey: "k2", parserVersion: 1))
        try cache.store(book, bookKey: "k5", parserVersion: 1)
        XCTAssertNil(cache.load(bookKey: "k3", parserVersion: 1))
        XCTAssertNotNil(cache.load(bookKey: "k2", parserVersion: 1))
        XCTAssertNotNil(cache.load(bookKey: "k5", parserVersion: 1))
        XCTAssertEqual(layout.stats().entries, 1)
    }

    func testFileNamesAreSafe() {
        XCTAssertEqual(ContentCache.fileName(bookKey: "0123456789abcdef-2f3912"), "0123456789abcdef-2f3912.rtc")
        XCTAssertEqual(ContentCache.fileName(bookKey: "../../etc/passwd"), "etcpasswd.rtc")
        XCTAssertEqual(ContentCache.fileName(bookKey: "/"), "book.rtc")
    }
}
