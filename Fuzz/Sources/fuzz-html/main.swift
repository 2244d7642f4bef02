import Glibc
import BookFormats
import TextContent
import BookChecks
import FuzzSupport

// Fuzz target: bytes → HTMLReader.read(bytes:path:) — charset sniffing and iconv
// conversion, head metadata, the content walker, chapters from headings. The book must
// pass `BookChecks.checkPrintable` (valid, sound notes, no control bytes); anything else
// must be a BookError.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let book = try? HTMLReader.read(bytes: bytes, path: "fuzz.html") {
        BookChecks.checkPrintable(book)
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
