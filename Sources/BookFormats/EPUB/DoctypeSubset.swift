/// The internal subset of a document type declaration at the start of a content document
/// (`<!DOCTYPE html [ <!ENTITY author "Jane Doe"> ]>`).
///
/// libxml2's HTML parser, which reads content documents, does not know internal subsets:
/// it ends the declaration at the first `>` inside the subset, so the rest (`]>`) became
/// text and the declared entities stayed literal (`&author;`). The subset is found here
/// before parsing, blanked with spaces (same length, newlines kept, so source offsets and
/// line numbers stay exact), and its general entity declarations kept for the walker:
/// internal ones are expanded (`DeclaredEntities`, bounded), external ones (`SYSTEM`,
/// `PUBLIC`) are never loaded and their references show nothing. Parameter entities,
/// element, attribute and notation declarations, comments and processing instructions
/// are skipped.
struct DoctypeSubset {
    /// The subset's bytes in the document, from `[` to `]` inclusive.
    let range: Range<Int>
    /// The declared general entities, first declaration of a name winning (as in XML).
    let entities: DeclaredEntities

    /// How far into the document the declaration may start (after a BOM, the XML
    /// declaration, comments and white space).
    static let maxPrologSearch = 4096
    /// Most entity declarations kept from one subset.
    static let maxDeclarations = 4096

    /// The internal subset of the document's type declaration, or nil when the document
    /// has no declaration with a subset (or the subset never ends).
    static func find(in data: UnsafeBufferPointer<UInt8>) -> DoctypeSubset? {
        var s = Scanner(data: data)
        guard let open = s.doctypeSubsetStart(), let close = s.subsetEnd(from: open + 1) else { return nil }
        var entities = DeclaredEntities()
        s.collectEntities(in: (open + 1)..<close, into: &entities)
        return DoctypeSubset(range: open..<(close + 1), entities: entities)
    }

    /// Overwrites the subset in `bytes` (the same document) with spaces, keeping newlines.
    func blank(_ bytes: inout [UInt8]) {
        for i in range where bytes[i] != 0x0A && bytes[i] != 0x0D { bytes[i] = 0x20 }
    }

    /// A byte scanner over the document's prolog and subset.
    private struct Scanner {
        let data: UnsafeBufferPointer<UInt8>
        var i = 0

        init(data: UnsafeBufferPointer<UInt8>) { self.data = data }

        func at(_ literal: String, _ j: Int, ignoringCase: Bool = false) -> Bool {
            var k = j
            for b in literal.utf8 {
                guard k < data.count else { return false }
                let c = data[k]
                if c != b && !(ignoringCase && c | 0x20 == b | 0x20) { return false }
                k += 1
            }
            return true
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        mutating func skipSpaces() { while i < data.count && Self.isSpace(data[i]) { i += 1 } }

        /// Moves past the next `terminator` (or to the end).
        mutating func skip(past terminator: String) {
            while i < data.count && !at(terminator, i) { i += 1 }
            i = min(data.count, i + terminator.utf8.count)
        }

        /// Moves past a quoted literal starting at `i`.
        mutating func skipQuoted() {
            let quote = data[i]
            i += 1
            while i < data.count && data[i] != quote { i += 1 }
            i = min(data.count, i + 1)
        }

        /// The offset of the `[` opening the declaration's subset, if the document starts
        /// (after its prolog) with `<!DOCTYPE … [`.
        mutating func doctypeSubsetStart() -> Int? {
            if at("\u{FEFF}", 0) { i = 3 }
            while i < min(data.count, DoctypeSubset.maxPrologSearch) {
                skipSpaces()
                if at("<?", i) { skip(past: "?>") } else if at("<!--", i) { skip(past: "-->") } else { break }
            }
            guard at("<!DOCTYPE", i, ignoringCase: true) else { return nil }
            i += 9
            while i < data.count {
                switch data[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): skipQuoted()
                case UInt8(ascii: "["): return i
                case UInt8(ascii: ">"), UInt8(ascii: "<"): return nil
                default: i += 1
                }
            }
            return nil
        }

        /// The offset of the `]` that ends the subset starting at `from` (quoted literals,
        /// comments and processing instructions may contain `]`).
        mutating func subsetEnd(from: Int) -> Int? {
            i = from
            while i < data.count {
                if data[i] == UInt8(ascii: "\"") || data[i] == UInt8(ascii: "'") { skipQuoted(); continue }
                if at("<!--", i) { skip(past: "-->"); continue }
                if at("<?", i) { skip(past: "?>"); continue }
                if data[i] == UInt8(ascii: "]") { return i }
                i += 1
            }
            return nil
        }

        /// Reads the general entity declarations of the subset in `range`.
        mutating func collectEntities(in range: Range<Int>, into entities: inout DeclaredEntities) {
            i = range.lowerBound
            var count = 0
            while i < range.upperBound && count < DoctypeSubset.maxDeclarations {
                if at("<!--", i) { skip(past: "-->"); continue }
                if at("<?", i) { skip(past: "?>"); continue }
                if at("<!ENTITY", i) {
                    i += 8
                    if let (name, value) = entityDeclaration() { entities.declare(name, literal: value); count += 1 }
                    skipDeclarationRest()
                    continue
                }
                if at("<!", i) { skipDeclarationRest(); continue }
                i += 1
            }
        }

        /// After `<!ENTITY`: the name and literal value (nil for an external entity), or
        /// nil for a parameter entity or a broken declaration.
        mutating func entityDeclaration() -> (String, [UInt8]?)? {
            skipSpaces()
            guard i < data.count, data[i] != UInt8(ascii: "%") else { return nil }
            let start = i
            while i < data.count && !Self.isSpace(data[i]) && data[i] != UInt8(ascii: ">") && data[i] != UInt8(ascii: "\"") { i += 1 }
            guard i > start, i - start <= 256 else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: data[start..<i]), as: UTF8.self)
            skipSpaces()
            guard i < data.count else { return nil }
            if data[i] == UInt8(ascii: "\"") || data[i] == UInt8(ascii: "'") {
                let valueStart = i + 1
                skipQuoted()
                return (name, Array(data[valueStart..<max(valueStart, i - 1)]))
            }
            if at("SYSTEM", i) || at("PUBLIC", i) { return (name, nil) }
            return nil
        }

        /// Moves past the `>` that ends the current declaration (quoted literals skipped).
        mutating func skipDeclarationRest() {
            while i < data.count && data[i] != UInt8(ascii: ">") {
                if data[i] == UInt8(ascii: "\"") || data[i] == UInt8(ascii: "'") { skipQuoted() } else { i += 1 }
            }
            i = min(data.count, i + 1)
        }
    }
}
