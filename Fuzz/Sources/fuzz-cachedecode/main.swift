import Glibc
@testable import LayoutCache
import Support
import TextContent
import TextLayout
import FuzzSupport

// Fuzz target: bytes → the cache decoders, which must reject damaged input, never trap.
// Byte 0 picks the decoder and whether the input is used raw or framed: a framed input
// gets the right magic, version, key and checksum around the fuzzed body, so mutations
// reach the body parsers instead of stopping at the checksum.
//  0/1: LineCollectionCodec.decode (framed / raw)
//  2/3: TextContentCodec.decode (framed / raw)
//  4/5: CacheFileFormat.parseHeader, then every chapter's lines (framed / raw)
//  6/7: VerticalColumnsCodec.decode against a fixed book's chapter (framed / raw; issue #23)
// (Debug builds enable testing, so the internal file-format helpers are reachable.)

private let key = "k"
private let layoutKey = LayoutCacheKey(bookKey: "fuzz", options: LayoutOptions(width: 40))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 8 {
    case 0:
        var blob = LineCollectionCodec.magic
        blob += [UInt8(truncatingIfNeeded: LineCollectionCodec.formatVersion), UInt8(LineCollectionCodec.formatVersion >> 8)]
        blob += [UInt8(key.utf8.count)] + Array(key.utf8)  // varint length (< 128) + key
        blob += body
        var w = ByteWriter(appendingTo: blob)
        w.appendLittleEndian(Digest.fnv1a64(blob))
        blob = w.bytes
        decodeLines(blob)
    case 1:
        decodeLines(body)
    case 2:
        var blob = TextContentCodec.magic
        blob += [UInt8(truncatingIfNeeded: TextContentCodec.formatVersion), UInt8(TextContentCodec.formatVersion >> 8), 0, 0]
        blob += [UInt8](repeating: 0, count: 16)
        blob += [UInt8(key.utf8.count)] + Array(key.utf8)  // varint length (< 128) + key
        blob += body
        var w = ByteWriter(appendingTo: blob)
        w.setLittleEndian(UInt64(w.count), at: 16)
        w.setLittleEndian(w.bytes.withUnsafeBytes { Digest.words(UnsafeRawBufferPointer(rebasing: $0[16...])) }, at: 8)
        blob = w.bytes
        decodeContent(blob)
    case 3:
        decodeContent(body)
    case 4:
        // Fields 16..<56 from the input, then the right key, then the rest (table, blobs).
        let identity = Array(layoutKey.identity.utf8)
        var blob = CacheFileFormat.magic + [UInt8(truncatingIfNeeded: CacheFileFormat.formatVersion), UInt8(CacheFileFormat.formatVersion >> 8), 0, 0]
        blob += [UInt8](repeating: 0, count: 8)
        let fields = body.prefix(40)
        blob += fields + [UInt8](repeating: 0, count: 40 - fields.count)
        blob += [UInt8(truncatingIfNeeded: identity.count), UInt8(truncatingIfNeeded: identity.count >> 8), 0, 0]
        blob += identity
        while blob.count % 8 != 0 { blob.append(0) }
        blob += body.dropFirst(40)
        var w = ByteWriter(appendingTo: blob)
        w.setLittleEndian(UInt64(w.count), at: 40)
        let headerSize = Int(w.bytes.withUnsafeBytes { ByteReader($0).littleEndian(UInt32.self, at: 16) } ?? 0)
        if headerSize >= 16 && headerSize <= w.count {
            w.setLittleEndian(Digest.fnv1a64(w.bytes[16..<headerSize]), at: 8)
        }
        blob = w.bytes
        decodeLayoutFile(blob)
    case 5:
        decodeLayoutFile(body)
    case 6:
        var blob = VerticalColumnsCodec.magic
        blob += [UInt8(truncatingIfNeeded: VerticalColumnsCodec.formatVersion), UInt8(VerticalColumnsCodec.formatVersion >> 8)]
        blob += [UInt8(key.utf8.count)] + Array(key.utf8)  // varint length (< 128) + key
        blob += body
        var w = ByteWriter(appendingTo: blob)
        w.appendLittleEndian(Digest.fnv1a64(blob))
        decodeColumns(w.bytes)
    default:
        decodeColumns(body)
    }
    return 0
}

private func decodeLines(_ blob: [UInt8]) {
    guard let lines = try? blob.withUnsafeBytes({ try LineCollectionCodec.decode($0, expectedKey: key) }) else { return }
    // Whatever is accepted must be usable: every line readable, lookups in range.
    for i in 0..<lines.count { _ = lines[i] }
    if !lines.isEmpty {
        let i = lines.lineIndex(containing: lines.range.lowerBound)
        if i < 0 || i >= lines.count { fatalError("lineIndex out of range") }
    }
}

/// The book vertical blobs are decoded against: readings, an upright pair, two chapters.
private let verticalBook: TextContent = {
    var b = TextContentBuilder(metadata: BookMetadata(title: "v", language: "ja", format: .epub))
    b.beginChapter(title: "一", source: "a.xhtml")
    b.beginBlock(.heading); b.append("第一章"); b.endBlock()
    b.beginBlock(.paragraph)
    _ = b.appendRuby(base: "吾輩", reading: "わがはい")
    b.append("は猫である。「名前は2026年に")
    let t = b.beginStyle(.upright); b.append("!?"); b.endStyle(t)
    b.append("まだ無い。」Tokyo……")
    b.endBlock()
    b.beginChapter(title: "二", source: "b.xhtml")
    b.beginBlock(.paragraph); b.append("二つ目の章。"); b.endBlock()
    return b.finish()
}()

private func decodeColumns(_ blob: [UInt8]) {
    let range = verticalBook.chapters[0].range
    guard let columns = try? blob.withUnsafeBytes({
        try VerticalColumnsCodec.decode($0, expectedKey: key, range: range, of: verticalBook)
    }) else { return }
    // Whatever is accepted lies inside its chapter.
    for cell in columns.flatMap(\.cells) where cell.range.lowerBound < range.lowerBound.rawValue || cell.range.upperBound > range.upperBound.rawValue {
        fatalError("accepted a cell outside the chapter: \(cell.range)")
    }
}

private func decodeContent(_ blob: [UInt8]) {
    guard let content = try? blob.withUnsafeBytes({ try TextContentCodec.decode($0, expectedKey: key) }) else { return }
    let problems = content.validate()
    if !problems.isEmpty { fatalError("accepted an invalid TextContent: \(problems)") }
}

private func decodeLayoutFile(_ blob: [UInt8]) {
    let identity = Array(layoutKey.identity.utf8)
    guard let header = try? blob.withUnsafeBytes({ try CacheFileFormat.parseHeader($0, expectedIdentity: identity) }) else { return }
    let layout = CachedBookLayout(key: layoutKey, bytes: blob, header: header, origin: nil)
    for c in 0..<layout.chapterCount { _ = layout.lines(chapter: c) }
    _ = layout.chapterIndex(containing: ByteOffset(0))
    _ = layout.location(atFraction: 0.5)
}

/// With FUZZ_WRITE_SEEDS=<dir>, writes valid blobs of each kind (with their mode byte) as
/// a seed corpus and exits: Fixtures/ holds no cache files, and valid seeds let the
/// mutations start deep inside the formats.
private func writeSeeds(to dir: String) {
    var seeds: [[UInt8]] = []
    for (i, text) in ["Hello, world. A short paragraph.", String(repeating: "mot très long 长文本 ", count: 40), ""].enumerated() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Seed \(i)", authors: ["A"], format: .epub))
        b.beginChapter(title: "One", source: "c1.xhtml")
        b.beginBlock(.heading, level: 1); b.append("One"); b.endBlock()
        b.beginBlock(.paragraph); b.append(text); b.endBlock()
        b.beginChapter(title: "Two", level: 2, source: "c2.xhtml#x")
        b.beginBlock(.blockquote); b.append("Quoted \(text.prefix(20))"); b.endBlock()
        let content = b.finish()
        let lines = TextLayout.layout(content, range: content.fullRange, options: layoutKey.options)
        seeds.append([1] + LineCollectionCodec.encode(lines, key: key))
        seeds.append([3] + TextContentCodec.encode(content, key: key))
        let chapters = content.chapters.map { TextLayout.layout(content, range: $0.range, options: layoutKey.options) }
        seeds.append([5] + CacheFileFormat.encode(key: layoutKey, textDigest: 0, chapters: chapters))
    }
    for height in [3, 8, 20] {
        var w = ByteWriter()
        VerticalColumnsCodec.encode(VerticalPages.columns(ofChapter: 0, in: verticalBook, height: height),
                                    range: verticalBook.chapters[0].range, of: verticalBook, key: key, into: &w)
        seeds.append([7] + w.bytes)
    }
    for (i, seed) in seeds.enumerated() {
        guard let f = fopen("\(dir)/seed-\(i)", "wb") else { continue }
        _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
}

if let dir = getenv("FUZZ_WRITE_SEEDS") {
    writeSeeds(to: String(cString: dir))
    exit(0)
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
