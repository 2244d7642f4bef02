import Glibc
import Support
import FuzzSupport

// Fuzz target: bytes → JSONParser (a generic value) and JSONTextDecoder (a state-like
// Codable type, as the reader's state files hold). Whatever is accepted must write out
// and read back to the same thing: the tree through JSONTextEncoder unsorted (members and
// duplicates keep their order), the decoded state in all three output formats.

/// A state-like type: what BookState, LibraryEntry and BookReadingStats hold (nested
/// structs, optionals, arrays, String- and Int-keyed dictionaries, enums, every number type).
struct FuzzState: Codable, Equatable {
    enum Color: String, Codable { case yellow, green, blue }
    enum Mark: Codable, Equatable { case none, range(Int, Int), note(text: String, at: Double?) }
    struct Position: Codable, Equatable {
        var chapter: Int
        var offset: Int
        var document: String?
        var documentOffset: Int?
    }
    struct Highlight: Codable, Equatable {
        var id: String
        var start: Int
        var end: Int
        var color: Color
        var note: String?
        var created: Double
    }

    var version: Int
    var key: String
    var title: String?
    var position: Position
    var bookmarks: [Position]?
    var highlights: [Highlight]?
    var updated: Double
    var progress: Float?
    var settings: [String: String]?
    var days: [String: Double]?
    var counts: [Int: Int]?
    var marks: [Mark]?
    var small: Int8?
    var unsigned: UInt64?
    var flags: [Bool?]?
}

private let formats = [JSONTextEncoder(), JSONTextEncoder(prettyPrinted: true), JSONTextEncoder(prettyPrinted: true, escapesSlashes: false)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    checkTree(bytes)
    checkState(bytes)
    return 0
}

private func checkTree(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let tree = try? JSONParser.parse(bytes) else { return }
    for encoder in [JSONTextEncoder(sortedKeys: false), JSONTextEncoder(prettyPrinted: true, sortedKeys: false, escapesSlashes: false)] {
        guard let written = try? encoder.encode(tree) else { fatalError("a parsed tree does not write") }
        guard let again = try? JSONParser.parse(written) else { fatalError("written tree does not parse") }
        if again != tree { fatalError("tree round trip differs") }
    }
    // Sorted output parses too (member order aside).
    guard let sorted = try? JSONTextEncoder().encode(tree), (try? JSONParser.parse(sorted)) != nil else {
        fatalError("sorted tree does not round-trip")
    }
}

private func checkState(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let state = try? JSONTextDecoder().decode(FuzzState.self, from: bytes) else { return }
    for encoder in formats {
        let written: [UInt8]
        do { written = try encoder.encode(state) } catch { fatalError("a decoded state does not encode: \(error)") }
        let again: FuzzState
        do { again = try JSONTextDecoder().decode(FuzzState.self, from: written) } catch { fatalError("written state does not decode: \(error)") }
        if again != state { fatalError("state round trip differs") }
    }
}

/// With FUZZ_WRITE_SEEDS=<dir>, writes states in the three formats as a seed corpus and exits.
private func writeSeeds(to dir: String) {
    let state = FuzzState(
        version: 1, key: "a1b2c3d4e5f60718-123456", title: "Le Petit Prince — \"édition\" /1943\\ 星の王子さま 😀\u{1}",
        position: .init(chapter: 3, offset: 40_312, document: "OEBPS/ch03.xhtml", documentOffset: 1_220),
        bookmarks: [.init(chapter: 0, offset: 0), .init(chapter: 9, offset: 9_007_199_254_740_993)],
        highlights: [.init(id: "h1", start: 10, end: 42, color: .blue, note: "a\nnote", created: 1_764_000_000.25)],
        updated: 1_764_950_001.5, progress: 0.42, settings: ["width": "72", "theme": "light"],
        days: ["2026-12-01": 1_200.5, "2026-12-02": 0], counts: [3: 1, -1: 0, 10: 2],
        marks: [.none, .range(1, 2), .note(text: "x", at: nil), .note(text: "", at: -0.0)],
        small: -128, unsigned: UInt64.max, flags: [true, nil, false])
    let minimal = FuzzState(version: 2, key: "k", title: nil, position: .init(chapter: 0, offset: 0), bookmarks: nil,
                            highlights: nil, updated: 1e-7, progress: nil, settings: nil, days: nil, counts: nil,
                            marks: nil, small: nil, unsigned: nil, flags: nil)
    var seeds: [[UInt8]] = []
    for value in [state, minimal] {
        for encoder in formats { seeds.append((try? encoder.encode(value)) ?? []) }
    }
    for (i, seed) in seeds.enumerated() {
        guard let f = fopen("\(dir)/seed-\(i).json", "wb") else { continue }
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
