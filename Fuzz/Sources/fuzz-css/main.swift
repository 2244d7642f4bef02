import Glibc
import BookFormats
import TextContent
import FuzzSupport

// Fuzz target: bytes → a stylesheet → TextEmphasisCSS.addEmphasisClasses (the classes
// whose rules declare a text-emphasis style), and the same bytes as a `style` attribute's
// declarations → TextEmphasisCSS.mark(inDeclarations:). Checks that the class table stays
// within its bound and holds only plain class names.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var classes: [String: EmphasisMark] = [:]
    TextEmphasisCSS.addEmphasisClasses(in: bytes, to: &classes)
    // A second sheet adds to the same table (a later rule wins) and keeps the bound.
    TextEmphasisCSS.addEmphasisClasses(in: bytes.reversed(), to: &classes)
    if classes.count > TextEmphasisCSS.maximumClasses { fatalError("\(classes.count) classes") }
    for name in classes.keys where name.isEmpty || name.contains(where: { ".,{}:; \t\n#>+~[]".contains($0) }) {
        fatalError("not a class name: \(name.debugDescription)")
    }
    _ = TextEmphasisCSS.mark(inDeclarations: Substring(String(decoding: bytes.prefix(65536), as: UTF8.self)))
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
