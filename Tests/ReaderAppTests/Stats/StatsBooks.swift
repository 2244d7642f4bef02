import BookFormats
import Foundation
import TestSupport
import TextContent

/// Generated plain-text books for the statistics tests: chapters of pseudo-English
/// words ("Chapter N" headings), or Chinese chapters (第N章) of ideographs.
enum StatsBooks {
    static let syllables = ["ka", "lo", "mer", "tin", "sa", "ve", "dor", "en", "ri", "pa", "the", "and", "wor", "ling"]

    /// A paragraph of `words` pseudo-English words (about 5 letters each).
    static func latinParagraph(_ rng: inout SplitMix64, words: Int) -> String {
        (0..<words).map { _ in (0...rng.below(2)).map { _ in syllables[rng.below(syllables.count)] }.joined() }
            .joined(separator: " ") + "."
    }

    /// A paragraph of `characters` ideographs with a full stop every 12.
    static func chineseParagraph(_ rng: inout SplitMix64, characters: Int) -> String {
        var s = ""
        for i in 0..<characters {
            s.unicodeScalars.append(Unicode.Scalar(0x4E00 + UInt32(rng.below(0x5000)))!)
            if i % 12 == 11 { s += "。" }
        }
        return s
    }

    /// Chapters as `kinds` says (`"latin"` or `"cjk"`), each of `paragraphs` paragraphs.
    static func text(_ kinds: [String], paragraphs: Int, seed: UInt64 = 7) -> String {
        var rng = SplitMix64(seed: seed)
        var text = ""
        for (i, kind) in kinds.enumerated() {
            if kind == "cjk" {
                text += "第\(i + 1)章\n\n"
                for _ in 0..<paragraphs { text += chineseParagraph(&rng, characters: 120) + "\n\n" }
            } else {
                text += "Chapter \(i + 1)\n\n"
                for _ in 0..<paragraphs { text += latinParagraph(&rng, words: 100) + "\n\n" }
            }
        }
        return text
    }

    /// The book written to a temporary file and loaded; the file's path too.
    static func load(_ kinds: [String], paragraphs: Int, in folder: URL) throws -> (content: TextContent, path: String) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("stats-book-\(kinds.joined(separator: "-"))-\(paragraphs).txt").path
        try Data(text(kinds, paragraphs: paragraphs).utf8).write(to: URL(fileURLWithPath: path))
        return (try BookLoader.load(path: path, options: BookLoadOptions()), path)
    }

    /// Offsets `step` bytes apart (moved forward to the start of a character) from 0 to the end.
    static func pages(_ content: TextContent, step: Int) -> [ByteOffset] {
        var pages: [ByteOffset] = []
        var offset = 0
        while offset < content.bytes.count {
            pages.append(ByteOffset(offset))
            offset += step
            while offset < content.bytes.count && content.bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        }
        pages.append(ByteOffset(content.bytes.count))
        return pages
    }
}
