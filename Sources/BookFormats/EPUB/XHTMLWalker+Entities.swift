/// A document type declaration's internal subset (`DoctypeSubset`) and the entities it
/// declares, for the walker.
///
/// The HTML parser does not read internal subsets, so the subset is blanked before
/// parsing and its declared entities are replaced here: libxml2 hands a reference it does
/// not know to `characters` as "&", then the name, leaving the ";" for the next text. At
/// that "&" a declared entity's replacement text (`DeclaredEntities`) is written instead,
/// and the name and ";" that follow are dropped. An external entity writes nothing (it is
/// never loaded). Replacement text is bounded per document: `entityBudget`.
extension XHTMLWalker {
    /// What follows a replaced reference.
    enum PendingEntity: Equatable {
        case none
        /// The entity's name comes next, as its own text.
        case name(String)
        /// The ";" ends the next text's first byte.
        case semicolon
    }

    /// What `characters` does with a piece of text.
    enum EntityStep {
        case keep, drop, dropFirst
        case replace([UInt8])
    }

    /// The least replacement text a document may take (more if the document is larger).
    static let minimumEntityBudget = 64 << 10

    /// Parses a UTF-8 document (a DOCTYPE internal subset is blanked and its entities
    /// replaced). Returns false when libxml2 could not start parsing.
    func parse(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let subset = DoctypeSubset.find(in: data) else { return parseMarkup(data, original: data) }
        if !subset.entities.isEmpty {
            declaredEntities = subset.entities
            entityBudget = max(Self.minimumEntityBudget, data.count)
        }
        var blanked = Array(data)
        subset.blank(&blanked)
        return blanked.withUnsafeBufferPointer { parseMarkup($0, original: data) }
    }

    /// The step for `text`, when the document declares entities.
    func declaredEntityStep(_ text: UnsafeBufferPointer<UInt8>) -> EntityStep {
        switch pendingEntity {
        case let .name(name):
            pendingEntity = .none
            if text.elementsEqual(name.utf8) { pendingEntity = .semicolon; return .drop }
        case .semicolon:
            pendingEntity = .none
            if text.first == UInt8(ascii: ";") { return .dropFirst }
        case .none: break
        }
        guard text.count == 1, text[0] == UInt8(ascii: "&"), let name = referenceName(),
              let replacement = declaredEntities?.replacement(name) else { return .keep }
        pendingEntity = .name(name)
        if declaredEntities?.isExternal(name) == true {
            externalReferences += 1
            if firstExternalEntity == nil { firstExternalEntity = name }
            return .drop
        }
        if replacement.count > entityBudget {
            entitiesCut = true
            return .drop
        }
        entityBudget -= replacement.count
        return .replace(replacement)
    }

    /// The name of the reference whose "&" the parser just handed over: the input is at
    /// its ";", the name before it.
    private func referenceName() -> String? {
        let end = position
        guard end < raw.count, raw[end] == UInt8(ascii: ";") else { return nil }
        var i = end
        while i > 0 && end - i < 256, raw[i - 1] != UInt8(ascii: "&"), raw[i - 1] > 0x20, raw[i - 1] != UInt8(ascii: "<") { i -= 1 }
        guard i > 0, i < end, raw[i - 1] == UInt8(ascii: "&") else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: raw[i..<end]), as: UTF8.self)
    }

    /// Warnings for external entity references (never loaded) and for replacement text
    /// dropped past the budget.
    func declaredEntityWarnings() -> [String] {
        var out: [String] = []
        if let name = firstExternalEntity {
            out.append(externalReferences == 1 ? "\(entryPath): the external entity &\(name); was not loaded"
                       : "\(entryPath): \(externalReferences) references to external entities were not loaded (the first: &\(name);)")
        }
        if entitiesCut {
            out.append("\(entryPath): entity replacement text past \(max(Self.minimumEntityBudget, raw.count) >> 10) KiB was dropped")
        }
        return out
    }
}
