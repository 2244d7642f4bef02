import Foundation
import Support

// Tools/bench/json-bench.sh: JSONTextEncoder/JSONTextDecoder against Foundation's coders on
// a library-like document (the shape of ReaderState's library.json, plus a days table).

struct Entry: Codable, Equatable {
    var key: String
    var path: String
    var title: String
    var authors: [String]
    var language: String
    var format: String
    var fileSize: Int
    var added: Double
    var lastOpened: Double?
    var progress: Double
    var textBytes: Int?
}

struct Library: Codable, Equatable {
    var version: Int
    var entries: [Entry]
    var days: [String: Double]
}

var entries: [Entry] = []
for i in 0..<700 {
    entries.append(Entry(key: String(UInt64(i) &* 0x9E3779B97F4A7C15, radix: 16), path: "/home/reader/Books/Author \(i)/Some Title Number \(i) — édition.epub", title: "Some Title Number \(i): a \"novel\"", authors: ["Author \(i)", "Ünïcode Writer"], language: "en", format: "epub", fileSize: 123456 + i * 77, added: 1_700_000_000.123 + Double(i) * 3.7, lastOpened: i % 3 == 0 ? nil : 1_710_000_000.5 + Double(i), progress: Double(i % 100) / 100, textBytes: i % 2 == 0 ? 400_000 + i : nil))
}
var days: [String: Double] = [:]
for d in 0..<300 { days["2026-\(d / 28 + 1)-\(d % 28 + 1)"] = Double(d) * 12.25 }
let value = Library(version: 1, entries: entries, days: days)

let fe = JSONEncoder(); fe.outputFormatting = [.sortedKeys]
let foundationBytes = [UInt8](try fe.encode(value))
let ours = JSONTextEncoder()
let ourBytes = try ours.encode(value)
precondition(ourBytes == foundationBytes, "bytes differ")
let back = try JSONTextDecoder().decode(Library.self, from: foundationBytes); precondition(back == value)
print("document: \(foundationBytes.count) bytes")

func time(_ name: String, _ n: Int = 50, _ body: () throws -> Void) rethrows -> Double {
    try body()
    let clock = ContinuousClock()
    var best = Duration.seconds(1000)
    for _ in 0..<n { let t = try clock.measure(body); best = min(best, t) }
    let ms = Double(best.components.attoseconds) / 1e15 + Double(best.components.seconds) * 1000
    print(String(format: "%-28@ %8.3f ms (best of %d)", name as NSString, ms, n))
    return ms
}
let data = Data(foundationBytes)
_ = try time("Foundation encode") { _ = try fe.encode(value) }
_ = try time("JSONTextEncoder encode") { _ = try ours.encode(value) }
_ = try time("Foundation decode") { _ = try JSONDecoder().decode(Library.self, from: data) }
_ = try time("JSONTextDecoder decode") { _ = try JSONTextDecoder().decode(Library.self, from: foundationBytes) }
_ = try time("JSONParser.parse only") { _ = try JSONParser.parse(foundationBytes) }
let fp = JSONEncoder(); fp.outputFormatting = [.prettyPrinted, .sortedKeys]
let prettyBytes = [UInt8](try fp.encode(value))
let ourPretty = try JSONTextEncoder(prettyPrinted: true).encode(value); precondition(ourPretty == prettyBytes)
print("pretty document: \(prettyBytes.count) bytes")
let prettyData = Data(prettyBytes)
_ = try time("Foundation encode pretty") { _ = try fp.encode(value) }
_ = try time("JSONTextEncoder encode pretty") { _ = try JSONTextEncoder(prettyPrinted: true).encode(value) }
_ = try time("Foundation decode pretty") { _ = try JSONDecoder().decode(Library.self, from: prettyData) }
_ = try time("JSONTextDecoder decode pretty") { _ = try JSONTextDecoder().decode(Library.self, from: prettyBytes) }
