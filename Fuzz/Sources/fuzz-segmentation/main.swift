import Glibc
import TextLayout
import FuzzSupport

// Fuzz target: bytes (any, malformed UTF-8 included) → WordBoundaries.segments with and
// without dictionary words, WordBoundaries.boundaries untailored, and
// SentenceBoundaries.starts. Checks: the segments are non-empty, in order and cover the
// buffer with no gap; the untailored boundaries start at 0, end at the buffer's end and
// ascend strictly; the sentence starts begin with 0 and ascend strictly within the buffer.

func checkSegments(_ segments: [WordSegment], count: Int, _ what: String) {
    var at = 0
    for s in segments {
        guard s.range.lowerBound == at, s.range.upperBound > at else {
            fatalError("\(what): segment \(s.range) after \(at)")
        }
        at = s.range.upperBound
    }
    guard at == count else { fatalError("\(what): segments end at \(at) of \(count)") }
}

func checkAscending(_ offsets: [Int], count: Int, includesEnd: Bool, _ what: String) {
    guard count > 0 else {
        guard offsets.isEmpty else { fatalError("\(what): \(offsets) for no text") }
        return
    }
    guard offsets.first == 0 else { fatalError("\(what): first \(String(describing: offsets.first))") }
    for (a, b) in zip(offsets, offsets.dropFirst()) where a >= b { fatalError("\(what): \(a) then \(b)") }
    let last = offsets.last!
    if includesEnd ? last != count : last >= count { fatalError("\(what): last \(last) of \(count)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    checkSegments(WordBoundaries.segments(in: bytes, dictionary: true), count: size, "dictionary words")
    checkSegments(WordBoundaries.segments(in: bytes, dictionary: false), count: size, "words")
    checkAscending(WordBoundaries.boundaries(in: bytes, dictionary: false, tailored: false), count: size,
                   includesEnd: true, "UAX #29 word boundaries")
    checkAscending(SentenceBoundaries.starts(in: bytes), count: size, includesEnd: false, "sentence starts")
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
