import Foundation
import FuzzSupport
import ReaderApp
import ReaderState

// Fuzz target: highlights found again in a text (`HighlightAnchoring`, `FuzzyAnchor`) and
// notes files read (`NotesDocument` as `reader notes import` decodes it). The input is a
// book's text, 0xFF, then either a notes JSON document (when it starts with `{`) whose
// highlights are each located in the text, or a stored highlight made of the bytes: the
// quote, 0xFE, the context before, 0xFE, the context after; bytes 0–1 of the text's
// part give its old start (× 16) and a scale. Checks: a found range is non-empty, inside the
// text, and starts and ends on UTF-8 scalar boundaries of a valid text.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0xFF) ?? bytes.count
    let text = Array(bytes[2..<max(2, split)])
    let rest = split < bytes.count ? Array(bytes[(split + 1)...]) : []
    var highlights: [StoredHighlight] = []
    if rest.first == UInt8(ascii: "{") {
        guard let document = try? JSONDecoder().decode(NotesDocument.self, from: Data(rest)) else { return 0 }
        highlights = document.highlights.map(\.stored)
    } else {
        let parts = rest.split(separator: 0xFE, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let start = Int(bytes[0]) * 16
        highlights = [StoredHighlight(id: "f", start: start, end: start + (parts.first?.utf8.count ?? 0), chapter: 0, color: "yellow",
                                      note: nil, quote: parts.first ?? "", created: 0, updated: 0,
                                      before: parts.count > 1 ? parts[1] : nil, after: parts.count > 2 ? parts[2] : nil)]
    }
    let scale = [1, 0.5, 2, 0, .nan, 1e9][Int(bytes[1]) % 6]
    let valid = String(validating: text, as: UTF8.self) != nil
    text.withUnsafeBufferPointer { t in
        for h in highlights {
            guard let found = HighlightAnchoring.locate(h, in: t, scale: scale) else { continue }
            guard found.lowerBound >= 0, found.upperBound <= t.count, !found.isEmpty else { fatalError("range \(found) in \(t.count) bytes") }
            if valid {
                for at in [found.lowerBound, found.upperBound] where at < t.count && t[at] & 0xC0 == 0x80 {
                    fatalError("\(found) cuts a character at \(at)")
                }
            }
        }
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
