import Glibc
import BookFormats
import TextContent
import FuzzSupport

// Fuzz target: bytes → MarkdownReader.read(bytes:path:) — front matter, cmark-gfm with
// its extensions (tables, strikethrough, autolinks, footnotes), the footnote roles, the
// content walker, chapters from headings. The book must be valid and hold no control
// bytes; anything else must be a BookError.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let book = try? MarkdownReader.read(bytes: bytes, path: "fuzz.md") {
        let problems = book.validate()
        if !problems.isEmpty { fatalError("invalid TextContent: \(problems)") }
        if book.bytes.contains(0x1B) { fatalError("ESC in the text") }
        if book.metadata.title.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            fatalError("control character in the title")
        }
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
