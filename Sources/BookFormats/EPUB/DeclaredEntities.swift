/// The general entities a document's internal subset declares (`DoctypeSubset`), and
/// their replacement text, expanded with bounds.
///
/// An internal entity's value is expanded once and remembered: character references
/// (`&#38;`, `&#x26;`) and the five predefined entities are decoded, references to other
/// declared entities are expanded (at most `maxDepth` deep; a reference back to an entity
/// being expanded gives nothing), markup (`<b>`) is dropped, and no expansion is longer
/// than `maxExpansion` bytes, all of them together no more than `maxTotalExpansion`. So a
/// billion laughs costs at most a few `maxExpansion`s per entity, never gigabytes. An external entity (`SYSTEM`/`PUBLIC`) is never loaded: its
/// replacement is empty.
struct DeclaredEntities {
    /// The longest replacement text of one entity (64 KiB).
    static let maxExpansion = 64 << 10
    /// How deeply entity values may refer to other entities.
    static let maxDepth = 16
    /// The most replacement text all the subset's entities may expand to (1 MiB): thousands
    /// of declarations that each fill `maxExpansion` would otherwise take gigabytes.
    static let maxTotalExpansion = 1 << 20

    /// Name → literal value (nil: external).
    private var literals: [String: [UInt8]?] = [:]
    private var expanded: [String: [UInt8]] = [:]
    /// Bytes expanded so far, over all entities.
    private var totalExpanded = 0

    /// Whether no entity is declared.
    var isEmpty: Bool { literals.isEmpty }

    /// Records a declaration (`literal` nil for an external entity); the first one of a
    /// name wins.
    mutating func declare(_ name: String, literal: [UInt8]?) {
        if literals[name] == nil { literals[name] = .some(literal) }
    }

    /// Whether `name` is declared as an external entity (never loaded).
    func isExternal(_ name: String) -> Bool {
        if case .some(.none) = literals[name] { return true }
        return false
    }

    /// The replacement text of entity `name` (empty for an external one), or nil when the
    /// subset does not declare it.
    mutating func replacement(_ name: String) -> [UInt8]? {
        guard literals[name] != nil else { return nil }
        var open: Set<String> = []
        return expand(name, depth: 0, open: &open)
    }

    private mutating func expand(_ name: String, depth: Int, open: inout Set<String>) -> [UInt8] {
        if let known = expanded[name] { return known }
        guard depth <= Self.maxDepth, !open.contains(name), totalExpanded < Self.maxTotalExpansion,
              case let .some(.some(literal)) = literals[name] else { return [] }
        open.insert(name)
        var out: [UInt8] = []
        var i = 0
        let limit = min(Self.maxExpansion, Self.maxTotalExpansion - totalExpanded)
        while i < literal.count && out.count < limit {
            let b = literal[i]
            if b == UInt8(ascii: "<") {
                while i < literal.count && literal[i] != UInt8(ascii: ">") { i += 1 }
                i += 1
                continue
            }
            guard b == UInt8(ascii: "&"), let semicolon = literal[i...].prefix(260).firstIndex(of: UInt8(ascii: ";")) else {
                out.append(b)
                i += 1
                continue
            }
            let reference = String(decoding: literal[(i + 1)..<semicolon], as: UTF8.self)
            if let decoded = Self.decodeSimple(reference) {
                out += decoded
            } else if literals[reference] != nil {
                out += expand(reference, depth: depth + 1, open: &open)
            } else {
                out += literal[i...semicolon]
            }
            i = semicolon + 1
        }
        open.remove(name)
        totalExpanded += out.count
        if out.count > limit {
            // Cut at a character boundary.
            out.removeLast(out.count - limit)
            while let last = out.last, last & 0xC0 == 0x80 { out.removeLast() }
            if let last = out.last, last >= 0xC0 { out.removeLast() }
        }
        expanded[name] = out
        return out
    }

    /// A character reference (`#38`, `#x26`) or a predefined entity, as UTF-8.
    private static func decodeSimple(_ reference: String) -> [UInt8]? {
        switch reference {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        guard reference.hasPrefix("#") else { return nil }
        let digits = reference.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return [] }
        return Array(String(Character(scalar)).utf8)
    }
}
