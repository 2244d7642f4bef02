import Glibc
import Terminal
import TerminalGraphics
import FuzzSupport

// Fuzz target: bytes → KeyDecoder, fed in chunks whose sizes come from the input, with
// flushes in between (a lone ESC timing out). Checks that pending input stays bounded.
// The same bytes as a terminal's answer to the graphics queries (issue #19): split into
// the answer and the keys after it (`TerminalAnswer.split` with the DA1 rule), which must
// partition them, the answer the shortest complete prefix; and read by the detection
// (`GraphicsDetection.choose`, `CellSize.fromAnswer`), which must not fail.

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
    checkAnswer(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkAnswer(_ bytes: [UInt8]) {
    let (answer, input) = TerminalAnswer.split(bytes, isComplete: GraphicsDetection.isComplete)
    if answer + input != bytes { fatalError("the answer and the keys do not partition the bytes") }
    if GraphicsDetection.isComplete(answer), !answer.isEmpty, GraphicsDetection.isComplete(Array(answer.dropLast())) {
        fatalError("the answer is not the shortest complete prefix")
    }
    _ = GraphicsDetection.choose(answer: answer, environment: [:])
    _ = GraphicsDetection.terminalVersion(answer)
    if let cell = CellSize.fromAnswer(answer), cell.width < 1 || cell.height < 1 { fatalError("cell size \(cell)") }
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
