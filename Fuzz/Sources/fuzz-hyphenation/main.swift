import Glibc
import Hyphenation
import FuzzSupport

// Fuzz target: bytes → a pattern file in a temporary folder + words → HyphenationLibrary
// (PatternFileCheck, PatternClosure, libhyphen's loader) and Hyphenator.points. Byte 0: bit 0
// puts a "UTF-8\n" first line in front (so most inputs get past the charset check), bit 1
// "ISO8859-1\n" instead; the rest is split at the first 0xFF byte: the file before it, words
// (separated by spaces) after it. Checks the points' invariants.

let folder: String = {
    let base = String(cString: getenv("FUZZ_TMPDIR") ?? strdup("/tmp"))
    var template = Array("\(base)/fuzz-hyphenation-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: made)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let cut = bytes.firstIndex(of: 0xFF) ?? bytes.count
    var file: [UInt8] = data[0] & 1 != 0 ? Array("UTF-8\n".utf8) : data[0] & 2 != 0 ? Array("ISO8859-1\n".utf8) : []
    file += bytes[..<cut]
    let path = folder + "/hyph_xx.dic"
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    _ = file.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
    let library = HyphenationLibrary(directory: folder)
    guard let hyphenator = library.hyphenator(for: "xx") else {
        if library.warnings.count != 1 { fatalError("a refused file without exactly one warning") }
        return 0
    }
    var words: [[UInt8]] = cut < bytes.count ? bytes[(cut + 1)...].split(separator: 0x20).map { Array($0) } : []
    words += [Array("hyphenation".utf8), Array("épée".utf8)]
    var points: [Int] = []
    for word in words {
        word.withUnsafeBufferPointer { buffer in
            hyphenator.points(in: buffer, into: &points)
            var last = 0
            for p in points {
                if p <= last || p >= buffer.count || buffer[p] & 0xC0 == 0x80 { fatalError("bad point \(p) in \(Array(buffer))") }
                last = p
            }
        }
    }
    return 0
}

var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
