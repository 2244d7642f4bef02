import Glibc
import TextContent
import TextLayout
import FuzzSupport

// Fuzz target: bytes → Bidi.resolve and the display placement. Byte 0: the paragraph
// direction (low 2 bits) and a line width (the rest); the remaining bytes are decoded
// as UTF-8 (invalid bytes become U+FFFD) into scalars. Checks the invariants:
// one level per scalar, levels within UAX #9's max_depth + 1, lines' visual orders are
// permutations of their kept characters, shaping keeps the count, and the placed
// clusters of each laid-out line never overlap or leave the column.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let control = data[0]
    let direction: BidiDirection = [.auto, .leftToRight, .rightToLeft, .auto][Int(control & 3)]
    let width = Int(control >> 2) + 2   // 2…65: a wide character always fits a line
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let scalars = Array(text.unicodeScalars)

    let result = Bidi.resolve(scalars, direction: direction)
    let levels = result.levels
    guard levels.count == scalars.count else { fatalError("\(levels.count) levels for \(scalars.count) scalars") }
    if direction == .leftToRight && result.paragraphLevel != 0 { fatalError("ltr paragraph at level \(result.paragraphLevel)") }
    if direction == .rightToLeft && result.paragraphLevel != 1 { fatalError("rtl paragraph at level \(result.paragraphLevel)") }
    for case let level? in levels where level < 0 || level > 126 { fatalError("level \(level)") }
    // Lines of `width` scalars: each visual order is a permutation of the kept indices.
    var start = 0
    while start < scalars.count {
        let end = min(scalars.count, start + width)
        let order = result.visualOrder(lineStart: start, lineEnd: end)
        let kept = (start..<end).filter { levels[$0] != nil }
        guard order.sorted() == kept else { fatalError("visual order of \(start)..<\(end) is not a permutation") }
        start = end
    }
    guard ArabicShaping.shape(scalars).count == scalars.count else { fatalError("shaping changed the count") }
    _ = TextLayout.visualString(text, arabicShaping: control & 0x80 != 0)

    // The reader's placement: lines of a one-paragraph book.
    var builder = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
    builder.beginBlock(.paragraph)
    builder.append(text)
    builder.endBlock()
    let content = builder.finish()
    let options = LayoutOptions(width: width, direction: direction, arabicShaping: control & 0x80 != 0)
    let lines = TextLayout.layout(content, range: content.fullRange, options: options)
    let cache = BidiParagraphCache()
    for line in lines.lines {
        var cells = [Bool](repeating: false, count: width)
        TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: cache) { cluster in
            guard cluster.width > 0 else { return }
            guard cluster.column >= 0, cluster.column + cluster.width <= width else {
                fatalError("cluster at \(cluster.column)+\(cluster.width) outside width \(width)")
            }
            for c in cluster.column..<(cluster.column + cluster.width) {
                if cells[c] { fatalError("two clusters on cell \(c)") }
                cells[c] = true
            }
        }
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
