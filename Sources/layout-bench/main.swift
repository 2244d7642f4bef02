// layout-bench: throughput of our line breaking and full layout against ICU's line-break
// iterator, on the same text, in the same process.
//
//   swift build -c release --product layout-bench
//   .build/release/layout-bench FILE.txt...      (UTF-8 text; a BOM is skipped)
//
// Each file is split into paragraphs at line feeds (as a TXT novel is). For each file it
// prints MB/s (best of several rounds) for:
//   breaks  LineBreaks.collect alone (UAX #14, strict CJK tailoring; in Thai, Lao, Khmer
//           and Burmese text this includes ICU's dictionary breaks inside the SA runs)
//   clusters  GraphemeCursor alone (UAX #29 clusters and their cell widths)
//   layout  TextLayout.layout at width 80 (breaks + graphemes + widths + fitting)
//   icu     ICU ubrk_open(UBRK_LINE) over UTF-8 UText, iterating every boundary
// and the ratios layout/icu and breaks/icu. Then, per file, the bidi measurement
// (BidiBench.swift): our Bidi.resolve + visualOrder per paragraph against ICU's
// ubidi_setPara + ubidi_getVisualMap, and our resolve alone (the fast path on LTR text).
// `--bidi-only` skips the layout table.
//
//   layout-bench --resize [--rounds N] FILE...   resize relayout: full layout vs re-fit of
//                                                cached analyses (ResizeBench.swift)
//   layout-bench --ruby [--width N] BOOK...      books with ruby in each mode vs ICU (RubyBench.swift)
//   layout-bench --words [--rounds N] BOOK...    word segmentation (UAX #29 + dictionary) and
//                                                sentences vs ICU's UBRK_WORD (WordsBench.swift)
//   layout-bench --identity BOOK...              cached layouts = layouts over books
//                                                (CorpusIdentity.swift)
import CICU
import Hyphenation
import Foundation
import TextContent
import TextLayout

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs every measurement once per round, interleaved (so a burst of load on this shared
/// machine hits all of them alike), and returns the best time of each.
func interleavedBest(rounds: Int, _ bodies: [() -> Int]) -> [Double] {
    var bestTimes = [Double](repeating: .infinity, count: bodies.count)
    var sink = 0
    for _ in 0..<rounds {
        for (i, body) in bodies.enumerated() {
            let t0 = now()
            sink &+= body()
            bestTimes[i] = min(bestTimes[i], now() - t0)
        }
    }
    if sink == 42 { print("") }  // keep the work observable
    return bestTimes
}

var args = Array(CommandLine.arguments.dropFirst())
var width = 80
var rounds = 15
if let i = args.firstIndex(of: "--rounds"), i + 1 < args.count, let r = Int(args[i + 1]) {
    rounds = max(1, r)
    args.removeSubrange(i...(i + 1))
}
var bidiOnly = false
if let i = args.firstIndex(of: "--bidi-only") {
    bidiOnly = true
    args.remove(at: i)
}
if let i = args.firstIndex(of: "--width"), i + 1 < args.count, let w = Int(args[i + 1]) {
    width = w
    args.removeSubrange(i...(i + 1))
}
if args.isEmpty {
    print("usage: layout-bench [--width N] FILE.txt...  (UTF-8 text files)")
    print("       layout-bench --resize [--rounds N] FILE...   (EPUB: longest chapter; else UTF-8 text)")
    print("       layout-bench --identity BOOK...              (any book format: cached layouts = layouts)")
    print("       layout-bench --digest BOOK...                (a hash of every layout, to compare two builds)")
    print("       layout-bench --typeset BOOK...               (raggedness and justified gaps: greedy vs optimal)")
    print("       layout-bench --words [--rounds N] BOOK...    (word and sentence segmentation vs ICU's UBRK_WORD)")
    exit(2)
}
if let i = args.firstIndex(of: "--resize") {
    args.remove(at: i)
    ResizeBench.run(paths: args, rounds: rounds, pairs: [(80, 100), (60, 61)])
    exit(0)
}
if let i = args.firstIndex(of: "--typeset") {
    args.remove(at: i)
    TypesetBench.run(paths: args, widths: [40, 60, 80, 100])
    exit(0)
}
if let i = args.firstIndex(of: "--ruby") {
    args.remove(at: i)
    RubyBench.run(paths: args, width: width, rounds: rounds)
    exit(0)
}
if let i = args.firstIndex(of: "--words") {
    args.remove(at: i)
    WordsBench.run(paths: args, rounds: rounds)
    exit(0)
}
if let i = args.firstIndex(of: "--digest") {
    args.remove(at: i)
    LayoutDigest.run(paths: args)
    exit(0)
}
if let i = args.firstIndex(of: "--identity") {
    args.remove(at: i)
    CorpusIdentity.run(paths: args)
    exit(0)
}

var icuVersion = [CChar](repeating: 0, count: 32)
icu_bench_version(&icuVersion)
print("ICU \(String(cString: icuVersion)), width \(width), best of \(rounds) interleaved rounds")
if !bidiOnly {
print("file                                        MB  breaks MB/s  clusters MB/s  layout MB/s  optimal MB/s  +hyph MB/s  icu MB/s  layout/icu  optimal/icu  +hyph/icu  breaks/icu")

for path in args {
    guard let content = ResizeBench.paragraphs(path) else {
        print("\(path): cannot read"); continue
    }
    let megabytes = Double(content.bytes.count) / 1e6
    let options = LayoutOptions(width: width)

    let measureBreaks = {
        var out: [Int] = []
        var total = 0
        content.bytes.withUnsafeBufferPointer { all in
            for block in content.blocks {
                LineBreaks.collect(UnsafeBufferPointer(rebasing: all[block.range.intRange]), style: .strict, into: &out)
                total &+= out.count
            }
        }
        return total
    }
    let measureClusters = {
        var total = 0
        content.bytes.withUnsafeBufferPointer { all in
            for block in content.blocks {
                var cursor = GraphemeCursor(UnsafeBufferPointer(rebasing: all[block.range.intRange]))
                while let (_, w) = cursor.next() { total &+= w }
            }
        }
        return total
    }
    let measureWhole = {
        var total = 0
        content.bytes.withUnsafeBufferPointer { all in
            var cursor = GraphemeCursor(all)
            while let (_, w) = cursor.next() { total &+= w }
        }
        return total
    }
    let measureLayout = {
        TextLayout.layout(content, range: content.fullRange, options: options).count
    }
    var optimalOptions = options
    optimalOptions.wrap = .optimal
    let measureOptimal = {
        TextLayout.layout(content, range: content.fullRange, options: optimalOptions).count
    }
    // With hyphenation for English texts (en_US patterns); the same as optimal elsewhere.
    var hyphenOptions = optimalOptions
    if (path as NSString).lastPathComponent.hasPrefix("en"), let h = Hyphenation.hyphenator(for: "en-US") {
        hyphenOptions.hyphenation = HyphenationSetting(language: "en-us", patterns: h.name, hyphenator: TypesetBench.Patterns(h))
    }
    let measureHyphenated = {
        TextLayout.layout(content, range: content.fullRange, options: hyphenOptions).count
    }
    let measureICU = { RubyBench.icuBreaks(content) }
    if ProcessInfo.processInfo.environment["BENCH_ONLY_OPTIMAL"] != nil {
        _ = interleavedBest(rounds: rounds, [measureOptimal])
        continue
    }
    if ProcessInfo.processInfo.environment["BENCH_ONLY_LAYOUT"] != nil {
        // For profiling the layout alone.
        _ = interleavedBest(rounds: rounds, [measureLayout])
        continue
    }
    let times = interleavedBest(rounds: rounds, [measureBreaks, measureClusters, measureLayout, measureICU, measureWhole, measureOptimal,
                                                 measureHyphenated])
    let (breakTime, clusterTime, layoutTime, icuTime, optimalTime) = (times[0], times[1], times[2], times[3], times[5])
    let hyphenTime = times[6]
    if ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
        print("whole-buffer cluster walk: \(Int(megabytes / times[4])) MB/s; blocks: \(content.blocks.count)")
    }
    let name = (path as NSString).lastPathComponent
    let padded = name.count > 42 ? String(name.prefix(42)) : name.padding(toLength: 42, withPad: " ", startingAt: 0)
    print(String(format: "%@  %6.2f  %11.1f  %13.1f  %11.1f  %12.1f  %10.1f  %8.1f  %10.2f  %11.2f  %9.2f  %10.2f", padded, megabytes,
                 megabytes / breakTime, megabytes / clusterTime, megabytes / layoutTime, megabytes / optimalTime,
                 megabytes / hyphenTime, megabytes / icuTime, icuTime / layoutTime, icuTime / optimalTime, icuTime / hyphenTime,
                 icuTime / breakTime))
}
}

print("bidi (per paragraph, direction auto)         MB  paras  RTL paras  fast path  resolve+order MB/s  resolve MB/s  icu setPara+getVisualMap MB/s  ours/icu")
for path in args {
    guard var data = FileManager.default.contents(atPath: path) else { continue }
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
    let text = String(decoding: data, as: UTF8.self)
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: true)
    let bench = BidiBench(paragraphs: paragraphs)
    let r = bench.run(rounds: rounds)
    let name = (path as NSString).lastPathComponent
    let padded = name.count > 42 ? String(name.prefix(42)) : name.padding(toLength: 42, withPad: " ", startingAt: 0)
    print(String(format: "%@  %6.2f  %5d  %9d  %8.0f%%  %18.1f  %12.1f  %29.1f  %8.2f", padded, bench.megabytes, paragraphs.count, r.rtl,
                 r.fastPath * 100, r.ours, r.resolveOnly, r.icu, r.ours / r.icu))
}