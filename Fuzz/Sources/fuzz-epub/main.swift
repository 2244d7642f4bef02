import BookFormats
import Glibc
import TextContent
import BookChecks
import FuzzSupport

// Fuzz target: bytes → EPUB reader (zip directory, container.xml, OPF, nav/NCX, XHTML).
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
    if let content = try? EPUBReader.read(path: path, threads: 1) {
        // Whatever comes out must satisfy TextContent's invariants.
        BookChecks.check(content)
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
