import BookFormats
import CICU
import Foundation
import TextContent
import TextLayout

/// `--words`: our word segmentation (`WordBoundaries.segments`, with and without the
/// dictionary runs) and sentence starts against ICU's `UBRK_WORD` iterator (root locale,
/// its CJ and SA dictionaries) over the same blocks of the same book, in one process.
/// Books are loaded whole with `BookLoader` (any format, any encoding); each block is
/// segmented on its own, as visual mode does. MB/s are of the UTF-8 text, best of the
/// interleaved rounds; the counts are the boundaries each found (ICU's include each
/// block's start and end, as ours do).
enum WordsBench {
    static func run(paths: [String], rounds: Int) {
        print("words (per block)                            MB  ours dict MB/s  ours no-dict MB/s  sentences MB/s  icu word MB/s  dict/icu  our boundaries  icu boundaries")
        for path in paths {
            let content: TextContent
            do { content = try BookLoader.load(path: path, options: BookLoadOptions(threads: 1)) } catch {
                print("\(path): \(error)"); continue
            }
            measure(content, name: (path as NSString).lastPathComponent, rounds: rounds)
        }
    }

    static func measure(_ content: TextContent, name: String, rounds: Int) {
        let megabytes = Double(content.bytes.count) / 1e6
        let ranges = content.blocks.map(\.range.intRange).filter { !$0.isEmpty }
        let ours = { (dictionary: Bool) -> Int in
            var total = 0
            content.bytes.withUnsafeBufferPointer { all in
                for r in ranges {
                    total &+= WordBoundaries.segments(in: UnsafeBufferPointer(rebasing: all[r]), dictionary: dictionary).count + 1
                }
            }
            return total
        }
        let sentences = {
            var total = 0
            content.bytes.withUnsafeBufferPointer { all in
                for r in ranges { total &+= SentenceBoundaries.starts(in: UnsafeBufferPointer(rebasing: all[r])).count }
            }
            return total
        }
        guard let icu = icu_bench_word_open() else { print("ICU: no word iterator"); return }
        defer { icu_bench_close(icu) }
        let theirs = {
            var total = 0
            content.bytes.withUnsafeBufferPointer { all in
                all.withMemoryRebound(to: CChar.self) { chars in
                    for r in ranges {
                        total &+= Int(icu_bench_count_breaks(icu, chars.baseAddress! + r.lowerBound, Int64(r.count)))
                    }
                }
            }
            return total
        }
        let counts = (ours(true), theirs())
        let t = interleavedBest(rounds: rounds, [{ ours(true) }, { ours(false) }, sentences, theirs])
        let padded = name.count > 42 ? String(name.prefix(42)) : name.padding(toLength: 42, withPad: " ", startingAt: 0)
        print(String(format: "%@  %6.2f  %14.1f  %17.1f  %14.1f  %13.1f  %8.2f  %14d  %14d", padded, megabytes,
                     megabytes / t[0], megabytes / t[1], megabytes / t[2], megabytes / t[3], t[3] / t[0], counts.0, counts.1))
    }
}
