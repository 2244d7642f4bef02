import Glibc
import TextLayout
import FuzzSupport

// Fuzz target: bytes → vertical columns (issue #23). Byte 0: the column height (1–40);
// byte 1: the indent; byte 2: how many readings (low 3 bits) and upright ranges (next 3),
// each placed by the following bytes over the text; the rest, decoded as UTF-8 (malformed
// input repaired), is the text → `VerticalColumns.columns`. Checks: no column is taller
// than the height (indent included); the text's cells come in order, without overlap, and
// cover every byte but line breaks and dropped spaces; reading cells have empty ranges.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 3 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let height = Int(bytes[0] % 40) + 1, indent = Int(bytes[1] % 8)
    let readingCount = Int(bytes[2] & 7), uprightCount = Int((bytes[2] >> 3) & 7)
    let placement = bytes.dropFirst(3).prefix(2 * (readingCount + uprightCount))
    let text = String(decoding: bytes.dropFirst(3 + placement.count).prefix(4000), as: UTF8.self)
    let utf8 = Array(text.utf8)
    let bounds = Graphemes.boundaries(in: text)
    func range(_ i: Int) -> Range<Int>? {
        guard bounds.count > 1 else { return nil }
        let p = Array(placement)
        guard 2 * i + 1 < p.count else { return nil }
        let a = Int(p[2 * i]) % (bounds.count - 1), b = min(bounds.count - 1, a + 1 + Int(p[2 * i + 1]) % 4)
        return bounds[a]..<bounds[b]
    }
    let readings = (0..<readingCount).compactMap { i in range(i).map { VerticalReading(base: $0, text: "よみ") } }
        .reduce(into: [VerticalReading]()) { list, r in if !list.contains(where: { $0.base.overlaps(r.base) }) { list.append(r) } }
    let upright = (readingCount..<(readingCount + uprightCount)).compactMap(range)
    let columns = VerticalColumns.columns(of: text, height: height, indent: indent, readings: readings, upright: upright)
    var at = 0
    for (n, column) in columns.enumerated() {
        if column.indent + column.cells.count > height && column.cells.contains(where: { !$0.isReading && $0.text != " " }) {
            fatalError("column \(n): \(column.indent) + \(column.cells.count) rows at height \(height)")
        }
        for cell in column.cells {
            if cell.isReading {
                guard cell.range.isEmpty else { fatalError("a reading cell with bytes \(cell.range)") }
                continue
            }
            if cell.range.isEmpty { continue }
            guard cell.range.lowerBound >= at else { fatalError("cell \(cell.range) before \(at)") }
            for b in utf8[at..<cell.range.lowerBound] where b != 0x0A && b != 0x0D && b != 0x20 && b != 0xE2 && b != 0x80 && b != 0xA8 {
                fatalError("bytes \(at)..<\(cell.range.lowerBound) skipped: \(utf8[at..<cell.range.lowerBound])")
            }
            at = cell.range.upperBound
        }
    }
    return 0
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
