import BookFormats
import Glibc
import TextContent
import BookChecks
import FuzzSupport

// Fuzz target: bytes → EPUB reader (zip directory, container.xml, OPF, nav/NCX, XHTML),
// and the same book opened from its start (`PartialBook`) mapped onto the whole.
// The reader opens files by path (libzip), so each input is written to one temp file.
// Any thrown BookError is fine; a trap, sanitizer report, hang or runaway memory is a bug.

private let path: String = {
    let dir = getenv("FUZZ_TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(dir)/reader-fuzz-epub-\(getpid()).epub"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let f = fopen(path, "wb") else { return 0 }
    if size > 0 { _ = fwrite(data, 1, size, f) }
    fclose(f)
    // One thread: deterministic, and what `cache build` uses.
    let whole = try? EPUBReader.read(path: path, threads: 1)
    // Whatever comes out must satisfy TextContent's invariants.
    if let whole { BookChecks.check(whole) }
    checkPartialOpen(whole: whole)
    return 0
}

/// A book opened from one place (issue #20): its first part is a valid book, and each of
/// its positions (but the part's last 64 bytes, where its last block may end otherwise)
/// is found in the whole book with the same bytes.
private func checkPartialOpen(whole: TextContent?) {
    guard let partial = try? PartialBook.open(path: path, at: nil, minimumBytes: 0) else { return }
    let part = partial.content
    BookChecks.check(part)
    guard let whole else { return }
    for p in stride(from: 0, to: max(0, part.bytes.count - 64), by: 61) {
        guard let place = part.documentPlace(of: ByteOffset(p)) else { continue }
        guard let q = whole.offset(of: place)?.rawValue else { fatalError("\(place) of the part is not in the whole book") }
        let n = min(8, whole.bytes.count - q)
        if Array(part.bytes[p..<p + n]) != Array(whole.bytes[q..<q + n]) {
            fatalError("part offset \(p) (\(place)) is not the whole book's text at \(q)")
        }
    }
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
