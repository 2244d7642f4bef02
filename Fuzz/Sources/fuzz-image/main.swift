import Glibc
import Images
import FuzzSupport

// Fuzz target: bytes → ImageHeader.read (the header alone), then ImageDecoder.decode with
// a small pixel limit, at the declared size and at a small target size picked from the
// input's length. Checks that a decoded image has the size its header declared (or the
// target), that the header read succeeds whenever a decode does, and that nothing over
// the limit is decoded.

let maxPixels = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let header = try? ImageHeader.read(bytes)
    if let header, header.size.isEmpty { fatalError("header with an empty size: \(header)") }
    if let image = try? ImageDecoder.decode(bytes, maxPixels: maxPixels) {
        guard let header else { fatalError("decoded \(image.size) without a readable header") }
        if image.size != header.size { fatalError("decoded \(image.size), header \(header.size)") }
        if image.size.pixelCount > maxPixels { fatalError("decoded \(image.size) over the limit") }
    }
    let target = ImageSize(width: 1 + size % 13, height: 1 + (size / 13) % 11)
    if let image = try? ImageDecoder.decode(bytes, maxPixels: maxPixels, targetSize: target), image.size != target {
        fatalError("asked for \(target), got \(image.size)")
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
