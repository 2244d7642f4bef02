import BookFormats
import CICU
import Foundation
import TextContent
import TextLayout

/// `layout-bench --ruby [--width N] BOOK…`: layout throughput of books with ruby (opened
/// with `BookLoader`, so an Aozora TXT's readings are annotations, not text) in each ruby
/// mode, first fit and total fit, against ICU's line-break iterator over the same blocks,
/// in the same process, best of interleaved rounds (issue #17: ≥ 1.5× ICU).
enum RubyBench {
    static func run(paths: [String], width: Int, rounds: Int) {
        print("ruby layout, width \(width), best of \(rounds) interleaved rounds (MB of base text; ratio = ICU time / layout time)")
        print("book                                       MB  rubies   icu MB/s  " + RubyMode.allCases.map { m in
            "\(m.name) greedy  \(m.name) optimal"
        }.joined(separator: "  "))
        for path in paths {
            guard let content = try? BookLoader.load(path: path, options: BookLoadOptions(threads: 1)) else {
                print("\(path): cannot open"); continue
            }
            var bodies: [() -> Int] = [{ icuBreaks(content) }]
            // RUBY_BENCH_ONLY=above-greedy (etc.): that one alone, for profiling.
            let only = ProcessInfo.processInfo.environment["RUBY_BENCH_ONLY"]
            for mode in RubyMode.allCases {
                for wrap in [WrapStyle.greedy, .optimal] {
                    let options = LayoutOptions(width: width, wrap: wrap, ruby: mode)
                    if let only, only != "\(mode.name)-\(wrap.name)" { continue }
                    bodies.append { TextLayout.layout(content, range: content.fullRange, options: options).count }
                }
            }
            let times = interleavedBest(rounds: rounds, bodies)
            if only != nil { print(String(format: "%@: %.1f MB/s", only!, Double(content.bytes.count) / 1e6 / times[1])); continue }
            let megabytes = Double(content.bytes.count) / 1e6
            let name = (path as NSString).lastPathComponent
            let padded = name.count > 40 ? String(name.prefix(40)) : name.padding(toLength: 40, withPad: " ", startingAt: 0)
            var line = String(format: "%@  %5.2f  %6d  %9.1f", padded, megabytes, content.rubies.count, megabytes / times[0])
            for t in times.dropFirst() { line += String(format: "  %6.1f MB/s %4.2f×", megabytes / t, times[0] / t) }
            print(line)
        }
    }

    /// ICU's boundaries over every block (`layout-bench`'s icu column, here and in main.swift).
    static func icuBreaks(_ content: TextContent) -> Int {
        let bi = icu_bench_open()
        var total = 0
        content.bytes.withUnsafeBufferPointer { all in
            all.baseAddress!.withMemoryRebound(to: CChar.self, capacity: all.count) { base in
                for block in content.blocks {
                    total &+= Int(icu_bench_count_breaks(bi, base + block.range.lowerBound.rawValue, Int64(block.range.count)))
                }
            }
        }
        icu_bench_close(bi)
        return total
    }
}
