import Glibc
import TextContent
import TextLayout
import FuzzSupport

// Fuzz target: random text and options → TextLayout.layout, checking the layout invariants:
//  1. no line is wider than the column (except a lone wide cluster flagged `.overwide`),
//     the recorded width equals the width of the placed clusters, and a line draws no
//     more visible clusters than it has bytes;
//  2. the lines of a block, in order, cover the block's bytes exactly (only hard-break
//     newlines may fall between lines);
//  3. every line starts on a grapheme-cluster boundary;
//  4. every byte offset maps to a line that starts at or before it;
//  5. the analysed paths give the same lines: `layout(…, analyses:)` with a fresh cache,
//     a re-fit of that cache at a second width, `analyze` + `fit`, and a range cut inside
//     blocks laid out both ways.
//
// Input: byte 0 width (1…64 or 80/132; its value mod 3 the ruby mode), byte 1 flags
// (indent, spacing, break style, justify, tab width), then blocks separated by 0x00, each
// starting with a kind byte (bit 3: ruby over the block's first characters).

private let kinds: [BlockKind] = [.paragraph, .heading, .blockquote, .preformatted, .listItem,
                                  .tableRow, .image, .footnote, .separator]
private let styles: [LineBreakStyle] = [.strict, .normal, .loose]

/// A hyphenator with a point after every second byte of a word (any bytes: the fitter
/// must cope with points inside clusters and characters).
private final class EverySecond: WordHyphenating {
    func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
        for p in stride(from: 2, to: word.count - 1, by: 2) { points.append(p) }
    }
}
private let hyphenation = HyphenationSetting(language: "fuzz", patterns: "every-second", hyphenator: EverySecond())

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size >= 3 else { return 0 }
    let w0 = Int(data[0])
    let width = w0 < 200 ? w0 % 64 + 1 : (w0 < 230 ? 80 : 132)
    let f = data[1]
    var options = LayoutOptions(width: width, firstLineIndent: Int(f & 3), paragraphSpacing: f & 4 != 0,
                                lineBreakStyle: styles[Int((f >> 3) & 3) % 3], justify: f & 32 != 0,
                                tabWidth: Int((f >> 6) & 3) + 1)
    // Half of the narrow widths: total fit, half of those with a stand-in hyphenator.
    if w0 >= 100 && w0 < 200 {
        options.wrap = .optimal
        if w0 & 1 == 1 { options.hyphenation = hyphenation }
    }
    // Ruby mode from the width byte's low bits at wide widths (above, inline, off).
    options.ruby = RubyMode.allCases[Int(w0 % 3)]
    var builder = TextContentBuilder(metadata: BookMetadata(title: "fuzz", format: .txt))
    var start = 2
    while start < size {
        var end = start
        while end < size && data[end] != 0 { end += 1 }
        if end > start {
            let kind = kinds[Int(data[start]) % kinds.count]
            let text = String(decoding: UnsafeBufferPointer(start: data + start + 1, count: end - start - 1), as: UTF8.self)
            builder.beginBlock(kind, level: data[start] >> 4)
            if data[start] & 8 != 0, let blockStart = builder.openBlockStart {
                // Ruby over the first characters of the block (a reading of 0–5 kana).
                let characters = Array(text)
                let n = characters.isEmpty ? 0 : Int(data[start] >> 4) % characters.count + 1
                builder.appendRuby(base: String(characters.prefix(n)), reading: String(repeating: "か", count: Int(data[start] >> 5)))
                builder.append(String(characters.dropFirst(n)))
                _ = blockStart
            } else {
                builder.append(text)
            }
            builder.endBlock()
        }
        start = end + 1
    }
    let content = builder.finish()
    let lines = TextLayout.layout(content, range: content.fullRange, options: options)
    let all = lines.lines

    for line in all where !line.flags.contains(.blank) && !line.flags.contains(.rubyRow) {
        // 1. Width.
        var end = line.indent
        var clusters = 0, visible = 0
        TextLayout.forEachLogicalCluster(of: line, in: content, options: options) {
            end = max(end, $0.column + $0.width)
            if !$0.range.isEmpty { clusters += 1 }   // (not a reading's characters or spacing: no bytes)
            if !$0.isBlank && $0.width > 0 { visible += 1 }
        }
        // The screen composes a line into a buffer of `line.length` clusters, one more for
        // a hyphenated line's hyphen (a wrapped table's line draws pieces of its row, not
        // its own bytes: see `TableGrid`).
        let readings = TextLayout.readingClusterCount(of: line, in: content, options: options)
        if visible > line.length + readings + (line.flags.contains(.hyphen) ? 1 : 0) { fatalError("\(visible) clusters drawn from \(line.length) bytes: \(line)") }
        if line.flags.contains(.overwide) {
            if clusters > 1 && !line.flags.contains(.hardBreak) { fatalError("overwide line with \(clusters) clusters: \(content.string(in: line.range).debugDescription) width \(width)") }
        } else if line.totalWidth > width {
            fatalError("line wider than \(width): \(line) \(content.string(in: line.range).debugDescription)")
        }
        if let columns = TextLayout.tableColumns(of: line, in: content, options: options) {
            // A row of an aligned table: its cells padded to their columns, within the table.
            if end - line.indent > columns.totalWidth || end > width {
                fatalError("table row placed to \(end), table \(columns.totalWidth), width \(width): \(content.string(in: line.range).debugDescription)")
            }
        } else if !options.justify, end - line.indent != line.width {
            fatalError("recorded width \(line.width) != placed width \(end - line.indent): \(content.string(in: line.range).debugDescription)")
        }
    }

    // Lines and blocks are both in text order: walk them together (linear time).
    var li = 0
    for block in content.blocks {
        var blockLines: [Line] = []
        while li < all.count && all[li].start < block.range.upperBound {
            if !all[li].flags.contains(.blank) && !all[li].flags.contains(.rubyRow) && block.range.contains(all[li].start) { blockLines.append(all[li]) }
            li += 1
        }
        // 2. Coverage.
        var position = block.range.lowerBound.rawValue
        for line in blockLines {
            while position < line.start.rawValue {
                if content.bytes[position] != 0x0A { fatalError("byte \(position) of block \(block.range) is on no line") }
                position += 1
            }
            if line.start.rawValue != position { fatalError("lines overlap at \(line.start)") }
            position += line.length
        }
        if position != block.range.upperBound.rawValue && !(block.range.isEmpty) {
            let tail = content.bytes[min(position, block.range.upperBound.rawValue)..<block.range.upperBound.rawValue]
            if position > block.range.upperBound.rawValue || tail.contains(where: { $0 != 0x0A }) {
                fatalError("block \(block.range) lines end at \(position)")
            }
        }
        // 3. Grapheme boundaries.
        if !blockLines.isEmpty {
            let text = content.string(in: block.range)
            let bounds = Set(Graphemes.boundaries(in: text))
            for line in blockLines where !bounds.contains(line.start.rawValue - block.range.lowerBound.rawValue) {
                fatalError("line at \(line.start) splits a grapheme cluster in \(text.debugDescription)")
            }
        }
    }

    // 4. Offsets map to lines.
    if !lines.isEmpty {
        var probe = 0
        while probe < content.bytes.count {
            let i = lines.lineIndex(containing: ByteOffset(probe))
            if i < 0 || i >= lines.count || lines[i].start.rawValue > probe {
                fatalError("offset \(probe) mapped to line \(i)")
            }
            probe += 13
        }
    }
    checkAnalysedPaths(content, options: options, lines: lines, seed: Int(f) ^ size)
    return 0
}

/// 5. Cached, re-fitted and analyse + fit layouts equal `TextLayout.layout`.
private func checkAnalysedPaths(_ content: TextContent, options: LayoutOptions, lines: LineCollection, seed: Int) {
    let cache = LayoutAnalysisCache()
    let range = content.fullRange
    if TextLayout.layout(content, range: range, options: options, analyses: cache) != lines {
        fatalError("cached layout differs at width \(options.width)")
    }
    var other = options
    other.width = options.width == 1 ? 2 : (options.width * 5 + seed) % 97 + 1
    if TextLayout.layout(content, range: range, options: other, analyses: cache)
        != TextLayout.layout(content, range: range, options: other) {
        fatalError("re-fit from the cache differs at width \(other.width) (analysed at \(options.width))")
    }
    let analysis = TextLayout.analyze(content, range: range, lineBreakStyle: options.lineBreakStyle, ruby: options.ruby)
    if TextLayout.fit(analysis, in: content, options: other) != TextLayout.layout(content, range: range, options: other) {
        fatalError("analyze + fit differs at width \(other.width)")
    }
    // A range starting and ending inside blocks (on scalar boundaries).
    let n = content.bytes.count
    guard n > 2 else { return }
    var lower = seed % n, upper = lower + (seed / 3) % (n - lower + 1)
    while lower < n && content.bytes[lower] & 0xC0 == 0x80 { lower += 1 }
    while upper < n && content.bytes[upper] & 0xC0 == 0x80 { upper += 1 }
    let cut = ByteRange(ByteOffset(lower), ByteOffset(max(lower, upper)))
    for o in [options, other] where TextLayout.layout(content, range: cut, options: o, analyses: cache)
        != TextLayout.layout(content, range: cut, options: o) {
        fatalError("cached layout of \(cut) differs at width \(o.width)")
    }
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
