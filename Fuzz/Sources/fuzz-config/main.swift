import Glibc
import ReaderApp
import ReaderCore
import FuzzSupport

// Fuzz target: bytes → a config file's text → ConfigFile (settings, key bindings,
// warnings) → the layered settings as arguments and the key map. Checks that every
// warning names a line of the file and that each argument is one `--name=value`.

let probes: [Input] = [.character(" "), .character("j"), .character("q"), .control("f"), .pageDown, .alt(.left), .enter, .tab]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let file = ConfigFile(text: text)
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.count
    for w in file.warnings {
        guard w.hasPrefix("config:"), let n = Int(w.dropFirst(7).prefix { $0 != ":" }), n >= 1, n <= lines else {
            fatalError("a warning that names no line of the file: \(w)")
        }
    }
    var settings = EffectiveSettings()
    settings.apply(config: file)
    for a in settings.arguments where !a.hasPrefix("--") || !a.contains("=") { fatalError("not one --name=value: \(a)") }
    let map = file.keyMap
    for p in probes { _ = map.translate(p) }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
