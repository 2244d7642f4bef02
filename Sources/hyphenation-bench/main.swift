// hyphenation-bench: hyphenation points for every word of a book, timed.
//
//   hyphenation-bench [--language en] [--rounds 5] FILE...   words/s and ns/word, first load and cached
//   hyphenation-bench --show LANGUAGE WORD...                the points of each word (hy-phen-ation)
import Glibc
import Hyphenation

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: chunk[..<n])
    }
    return bytes
}

/// Byte ranges of the space-separated words (ASCII whitespace only: the fitter's segments
/// are similar: a word with its punctuation).
func words(in text: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = -1
    for (i, b) in text.enumerated() {
        let space = b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
        if space { if start >= 0 { ranges.append(start..<i); start = -1 } } else if start < 0 { start = i }
    }
    if start >= 0 { ranges.append(start..<text.count) }
    return ranges
}

func show(_ language: String, _ words: [String]) {
    guard let hyphenator = Hyphenation.hyphenator(for: language) else {
        print(Hyphenation.problem(for: language)?.description ?? "no hyphenator")
        return
    }
    print("\(language) → \(hyphenator.path) (minimums \(hyphenator.leftMinimum)/\(hyphenator.rightMinimum))")
    for word in words {
        let points = hyphenator.points(in: word)
        var bytes = Array(word.utf8)
        for p in points.reversed() { bytes.insert(UInt8(ascii: "-"), at: p) }
        print("\(word)\t\(points)\t\(String(decoding: bytes, as: UTF8.self))")
    }
}

func bench(_ path: String, language: String, rounds: Int) {
    guard let text = readFile(path) else { print("\(path): cannot read"); return }
    let ranges = words(in: text)
    let loadStart = now()
    guard let hyphenator = Hyphenation.hyphenator(for: language) else {
        print(Hyphenation.problem(for: language)?.description ?? "no hyphenator")
        return
    }
    let loadNs = now() - loadStart
    var points: [Int] = []
    var total = 0, hyphenated = 0
    var best = UInt64.max
    text.withUnsafeBufferPointer { buffer in
        for _ in 0..<rounds {
            let start = now()
            total = 0; hyphenated = 0
            for range in ranges {
                hyphenator.points(in: UnsafeBufferPointer(rebasing: buffer[range]), into: &points)
                total += points.count
                if !points.isEmpty { hyphenated += 1 }
            }
            best = min(best, now() - start)
        }
    }
    let perWord = Double(best) / Double(max(1, ranges.count))
    print("\(path.split(separator: "/").last!): \(ranges.count) words, \(hyphenated) with points, \(total) points")
    print("  first load of \(hyphenator.name): \(String(format1: Double(loadNs) / 1e6)) ms")
    print("  cached (best of \(rounds)): \(String(format1: Double(best) / 1e6)) ms, "
          + "\(Int(1e9 / perWord)) words/s, \(String(format1: perWord)) ns/word")
    let lookupStart = now()
    var found = 0
    for _ in 0..<100_000 where Hyphenation.hyphenator(for: language) != nil { found += 1 }
    print("  Hyphenation.hyphenator(for:) cached lookup: \(String(format1: Double(now() - lookupStart) / 1e5)) ns")
}

extension String {
    init(format1 value: Double) {
        let scaled = (value * 10).rounded() / 10
        self = "\(scaled)"
    }
}

var args = Array(CommandLine.arguments.dropFirst())
if args.first == "--show", args.count >= 2 {
    show(args[1], Array(args.dropFirst(2)))
    exit(0)
}
var language = "en"
var rounds = 5
var files: [String] = []
while !args.isEmpty {
    let arg = args.removeFirst()
    if arg == "--language", !args.isEmpty { language = args.removeFirst() }
    else if arg == "--rounds", !args.isEmpty { rounds = Int(args.removeFirst()) ?? 5 }
    else { files.append(arg) }
}
if files.isEmpty { files = ["/work/shared/corpus/txt/pride-and-prejudice_en_utf8.txt"] }
for file in files { bench(file, language: language, rounds: rounds) }
