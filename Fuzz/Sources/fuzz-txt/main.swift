import Glibc
import BookFormats
import TextContent
import FuzzSupport

// Fuzz target: bytes → TXT encoding detection, iconv decoding, block structure, chapter
// detection (`PlainTextReader.read(bytes:)`), and the start of the input read alone
// (`PlainTextReader.start(of:)`, a big TXT's first part). The first byte picks an encoding override
// for some inputs so the iconv paths of forced encodings are reached too.

private let overrides: [String?] = [nil, nil, nil, nil, "UTF-8", "UTF-16LE", "GB18030", "SHIFT_JIS", "BIG5", "WINDOWS-1252", "EUC-KR", "UTF-32BE"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    let override = overrides[Int(data[0]) % overrides.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if let content = try? PlainTextReader.read(bytes: bytes, name: "fuzz.txt", encoding: override) {
        let problems = content.validate()
        if !problems.isEmpty { fatalError("invalid TextContent: \(problems)") }
    }
    // The start of a big TXT read first (issue #20): the first half of the input, cut at a
    // line end, must build a valid book too.
    if bytes.count >= 2, let start = try? PlainTextReader.start(of: Array(bytes[..<(bytes.count / 2)]), name: "fuzz.txt", encoding: override) {
        let problems = start.validate()
        if !problems.isEmpty { fatalError("invalid TextContent from the start: \(problems)") }
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
