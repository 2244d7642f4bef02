import Dictionaries
import FuzzSupport
import Glibc

// Fuzz target: bytes → dictionary files in a temporary folder → DictionaryShelf lookups.
// Byte 0 mod 3 picks the format: 0 dictd (the rest split at "\n====\n": .index, .dict.dz),
// 1 StarDict (.ifo, .idx, .dict.dz, .syn; with bit 4 of byte 0 set, the .ifo's idxfilesize
// and wordcount are made to agree with the .idx so that mutations get past them), 2 a
// dictzip file alone (windows read through a dictd index written here). Then lookups of a
// few words (fixed ones and the files' first headwords) and longest matches. Checks: no
// control character (other than \n) in any entry's text, headword or dictionary title; no
// warning with a line break.

let folder: String = {
    let base = String(cString: getenv("FUZZ_TMPDIR") ?? strdup("/tmp"))
    var template = Array("\(base)/fuzz-dictionary-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: made)
}()

let separator: [UInt8] = Array("\n====\n".utf8)

func split(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
    var parts: [[UInt8]] = [], start = bytes.startIndex, i = bytes.startIndex
    while i + separator.count <= bytes.endIndex {
        if bytes[i..<i + separator.count].elementsEqual(separator) {
            parts.append(Array(bytes[start..<i])); i += separator.count; start = i
        } else { i += 1 }
    }
    parts.append(Array(bytes[start...]))
    return parts
}

func write(_ name: String, _ bytes: [UInt8]) {
    let path = folder + "/" + name
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

func clearFolder() {
    for name in ["f.index", "f.dict.dz", "f.ifo", "f.idx", "f.syn"] { unlink(folder + "/" + name) }
}

/// The words before the first few NULs or tabs (the files' first headwords).
func firstWords(_ bytes: [UInt8], stop: UInt8) -> [String] {
    var words: [String] = [], start = 0
    for (i, b) in bytes.enumerated() where b == stop || b == 0x0A {
        if i > start && b == stop { words.append(String(decoding: bytes[start..<i], as: UTF8.self)) }
        start = i + 1
        if words.count == 3 { break }
    }
    return words
}

/// The .ifo with idxfilesize and wordcount made to agree with `idx` (32-bit offsets).
func agreeingInfo(_ ifo: [UInt8], _ idx: [UInt8]) -> [UInt8] {
    var count = 0, pos = 0
    while pos < idx.count, let nul = idx[pos...].firstIndex(of: 0), nul + 9 <= idx.count { count += 1; pos = nul + 9 }
    let kept = String(decoding: ifo, as: UTF8.self).split(separator: "\n")
        .filter { !$0.hasPrefix("idxfilesize=") && !$0.hasPrefix("wordcount=") }.joined(separator: "\n")
    return Array("StarDict's dict ifo file\nwordcount=\(count)\nidxfilesize=\(idx.count)\n\(kept)\n".utf8)
}

func check(_ text: String, _ what: String) {
    for s in text.unicodeScalars where (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value) {
        fatalError("control U+\(String(s.value, radix: 16)) in \(what): \(text.debugDescription)")
    }
}

func check(_ entries: [DictionaryEntry]) {
    for e in entries {
        check(e.text, "text"); check(e.headword, "headword"); check(e.dictionary, "title")
        if e.text.utf8.count > DictionaryLimits.entryBytes * 3 { fatalError("an entry of \(e.text.utf8.count) bytes") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    clearFolder()
    var parts = split(input[1...])
    var words = ["a", "run", "running", "Apple", "日本語"]
    let file: String
    switch input[0] % 3 {
    case 0:
        write("f.index", parts[0]); write("f.dict.dz", parts.count > 1 ? parts[1] : [])
        words += firstWords(parts[0], stop: 0x09)
        file = "f.index"
    case 1:
        while parts.count < 4 { parts.append([]) }
        write("f.ifo", input[0] & 0x10 != 0 ? agreeingInfo(parts[0], parts[1]) : parts[0])
        write("f.idx", parts[1]); write("f.dict.dz", parts[2])
        if !parts[3].isEmpty { write("f.syn", parts[3]) }
        words += firstWords(parts[1], stop: 0)
        file = "f.ifo"
    default:
        // The dictzip alone: an index of windows over it (offsets 0…, lengths 1…, across chunks).
        write("f.dict.dz", Array(input[1...]))
        let windows = [(0, 1), (0, 100), (57, 9000), (58_314, 3), (1, 70_000), (200_000, 10)]
        let index = windows.enumerated().map { "w\($0.offset)\t\(b64($0.element.0))\t\(b64($0.element.1))\n" }.joined()
        write("f.index", Array(index.utf8))
        words = windows.indices.map { "w\($0)" }
        file = "f.index"
    }
    let (shelf, warnings) = DictionaryShelf.open(files: [folder + "/" + file])
    for word in words { check(shelf.lookUp(word)) }
    for text in ["日本語学校に", (words.last ?? "") + "xyz"] { if let m = shelf.longestMatch(in: text) { check(m.entries) } }
    for w in warnings + shelf.takeWarnings() where w.contains("\n") { fatalError("a warning with a line break: \(w)") }
    return 0
}

func b64(_ n: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var v = n, out: [Character] = []
    repeat { out.append(alphabet[v & 63]); v >>= 6 } while v > 0
    return String(out.reversed())
}

var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
