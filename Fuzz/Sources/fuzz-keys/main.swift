import Glibc
import Terminal
import FuzzSupport

// Fuzz target: bytes → KeyDecoder, fed in chunks whose sizes come from the input, with
// flushes in between (a lone ESC timing out). Checks that pending input stays bounded.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    var decoder = KeyDecoder()
    let control = data[0]
    var i = 1
    var step = 0
    while i < size {
        // Chunk length 1…16 from a rotating bit pattern of the first byte.
        let n = min(size - i, Int((control >> UInt8(step % 5)) & 0xF) + 1)
        _ = decoder.feed(UnsafeBufferPointer(start: data + i, count: n))
        i += n
        step += 1
        if control & 0x80 != 0 && step % 3 == 0 { _ = decoder.flush() }
    }
    _ = decoder.flush()
    // After a flush, nothing but a bracketed paste in progress may be pending.
    if decoder.hasPendingInput { fatalError("input still pending after flush") }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
