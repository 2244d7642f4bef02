import BookFormats
import Glibc
import TextContent
import FuzzSupport

// Fuzz target: bytes → MOBI reader (PalmDatabaseCheck, then libmobi: PalmDOC / HUFF/CDIC
// decompression, MOBI 6 and KF8 rebuilding, EXTH, NCX; the parts through XHTMLWalker).
// MOBIReader reads from memory (libmobi through fmemopen): no temp file.
// Any thrown BookError is fine; a trap, sanitizer report, hang or runaway memory is a bug.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let content = try? MOBIReader.read(bytes: bytes, name: "fuzz.mobi") {
        // Whatever comes out must satisfy TextContent's invariants.
        let problems = content.validate()
        if !problems.isEmpty { fatalError("invalid TextContent: \(problems)") }
        if content.metadata.format != .mobi { fatalError("format \(content.metadata.format)") }
        if !["MOBI 6", "MOBI 6 + KF8", "AZW3", "PalmDOC"].contains(content.metadata.version) {
            fatalError("version \(content.metadata.version)")
        }
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
