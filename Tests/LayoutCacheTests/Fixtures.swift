import Foundation
import TextContent
import TextLayout
@testable import LayoutCache
import Support
import TestSupport

/// Books made in memory and temporary cache folders for the tests.
enum Fixtures {
    /// The tests' deterministic generator.
    typealias SplitMix = SplitMix64

    static let words = ["the", "whale", "a", "sea", "Ishmael", "harpoon", "extraordinarily", "and", "of", "captain",
                        "東京", "こんにちは", "naïve", "résumé", "—", "rope", "deck", "white", "Pequod", "sailed"]

    /// A book of `chapters` chapters with headings, paragraphs, quotes and list items;
    /// chapter 3 holds only its heading.
    static func book(chapters: Int = 6, paragraphs: Int = 12, seed: UInt64 = 1) -> TextContent {
        var rng = SplitMix(state: seed)
        var b = TextContentBuilder(metadata: BookMetadata(title: "Test", format: .epub))
        for c in 0..<chapters {
            b.beginChapter(title: "Chapter \(c + 1)", source: "ch\(c).xhtml")
            b.beginBlock(.heading, level: 1)
            b.append("Chapter \(c + 1)")
            for p in 0..<(c == 2 ? 0 : paragraphs + rng.below(paragraphs)) {
                let kind: BlockKind = p % 7 == 3 ? .blockquote : p % 9 == 5 ? .listItem : .paragraph
                b.beginBlock(kind, level: kind == .listItem ? 1 : 0)
                let n = 5 + rng.below(90)
                b.append((0..<n).map { _ in words[rng.below(words.count)] }.joined(separator: " "))
            }
            b.endBlock()
        }
        return b.finish()
    }

    /// Overwrites the little-endian integer at `offset` of `bytes` (edits of cache blobs).
    static func patch<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T, at offset: Int) {
        var w = ByteWriter(appendingTo: bytes)
        bytes = []
        w.setLittleEndian(value, at: offset)
        bytes = w.bytes
    }

    /// Sets the size field (offset 16) and the checksum (offset 8) of a `TextContentCodec` blob.
    static func resignContentBlob(_ blob: inout [UInt8]) {
        patch(&blob, UInt64(blob.count), at: 16)
        patch(&blob, blob.withUnsafeBytes { Digest.words(UnsafeRawBufferPointer(rebasing: $0[16...])) }, at: 8)
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder(_ name: String = #function) -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("LayoutCacheTests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name.filter(\.isLetter))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
