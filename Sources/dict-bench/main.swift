import Dictionaries
import Foundation
import Glibc

// dict-bench: for each dictd dictionary named (default wn and gcide in /usr/share/dictd),
// a fresh shelf: the first lookup (index read, checked, data header, one chunk) and then
// 1,000 lookups of varied words (from a text: --words FILE, default the Pride and Prejudice
// corpus text when present, else a built-in list), with their mean and 99th percentile.
//
//   swift build -c release --product dict-bench && .build/release/dict-bench [--words FILE] [NAME|PATH.index…]

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
}

let builtIn = "house running went children better quickly stopped happier flies tried baking walked the of and to in is it you that he was for on are with as his they be at one have this from or had by word but what some we can out other were all there when up use your how said an each she which do their time if will way about many then them write would like so these her long make thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now find"

func words(from path: String?) -> [String] {
    var text = builtIn
    let candidates = [path, "/work/shared/corpus/txt/pride-and-prejudice_en_utf8.txt"].compactMap { $0 }
    for file in candidates {
        if let f = fopen(file, "rb") {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&buffer, 1, buffer.count, f)
                if n <= 0 { break }
                bytes += buffer[0..<n]
                if bytes.count > 4_000_000 { break }
            }
            fclose(f)
            text = String(decoding: bytes, as: UTF8.self)
            break
        }
    }
    var seen = Set<String>(), list: [String] = []
    for w in text.split(whereSeparator: { !$0.isLetter && $0 != "'" }) where w.count >= 2 {
        if seen.insert(String(w)).inserted { list.append(String(w)) }
    }
    // Every k-th distinct word, for a spread over the text.
    let step = max(1, list.count / 1000)
    var picked = stride(from: 0, to: list.count, by: step).map { list[$0] }
    while picked.count < 1000 { picked += picked }
    return Array(picked.prefix(1000))
}

var args = Array(CommandLine.arguments.dropFirst())
var wordFile: String?
if let i = args.firstIndex(of: "--words"), i + 1 < args.count { wordFile = args[i + 1]; args.removeSubrange(i...(i + 1)) }
let names = args.isEmpty ? ["wn", "gcide"] : args
let list = words(from: wordFile)

for name in names {
    let path = name.hasSuffix(".index") ? name : "/usr/share/dictd/\(name).index"
    let (shelf, warnings) = DictionaryShelf.open(files: [path])
    for w in warnings { print("warning: \(w)") }
    let t0 = now()
    let first = shelf.lookUp("house")
    let firstMs = now() - t0
    var times: [Double] = []
    var found = 0
    for w in list {
        let t = now()
        if !shelf.lookUp(w).isEmpty { found += 1 }
        times.append(now() - t)
    }
    times.sort()
    let mean = times.reduce(0, +) / Double(times.count)
    let p99 = times[min(times.count - 1, Int(Double(times.count) * 0.99))]
    for w in shelf.takeWarnings() { print("warning: \(w)") }
    print(String(format: "%@: first lookup %.2f ms (%d entries); %d later lookups: mean %.3f ms, p99 %.3f ms, max %.3f ms; %d found",
                 name, firstMs, first.count, times.count, mean, p99, times.last!, found))
}

// Every dictd dictionary installed at once (what `reader define` and the pager open): the
// first lookup opens them all; then a longest match in Japanese text.
if args.isEmpty {
    let (shelf, _) = DictionaryShelf.discover(dictdFolders: ["/usr/share/dictd"], stardictFolders: [])
    let t0 = now()
    let first = shelf.lookUp("house")
    let firstMs = now() - t0
    let t1 = now()
    let match = shelf.longestMatch(in: "日本語の本を読む")
    let matchMs = now() - t1
    print(String(format: "all of /usr/share/dictd (%@): first lookup %.2f ms (%d entries); longest match %.3f ms (%@)",
                 shelf.names.joined(separator: ", "), firstMs, first.count, matchMs, match?.matched ?? "none"))
}
