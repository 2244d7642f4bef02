import TextContent

/// Looking up the selected word (Enter or `K` in visual mode, Ctrl/Alt-click): the host's
/// dictionaries answer (`dictionary`), the entries open in a popup over the page.
extension ReadingContext {
    /// Longest selection looked up as it is (a phrase); longer ones are refused.
    static let longestLookUp = 64

    /// The popup with the dictionaries' entries for the selection's word (`lookUpRange`).
    func lookUp(_ selection: TextSelection) -> LayerResponse {
        guard let dictionary else {
            message = "No dictionary lookup: no dictionaries were found (docs/DICTIONARIES.md)"
            return .consumed()
        }
        let range = lookUpRange(selection)
        let word = String(content.string(in: range).drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !word.isEmpty, word.count <= Self.longestLookUp else {
            message = word.isEmpty ? "Nothing to look up here" : "Select a word or a short phrase to look it up"
            return .consumed()
        }
        let answer = dictionary(LookUpRequest(word: word, following: following(range.lowerBound, word: word)))
        if let warning = answer.warnings.first { message = TextSanitizer.sanitizeLabel(warning) }
        guard !answer.definitions.isEmpty else {
            message = "No entry for “\(TextSanitizer.sanitizeLabel(word))” in the dictionaries"
            return .consumed()
        }
        return .push(DefinitionPopupLayer(reference: range, answer: answer))
    }

    /// What is looked up: the selection when it starts and ends on word boundaries in one
    /// block (a word, or a phrase selected word by word), else the word under the head.
    func lookUpRange(_ selection: TextSelection) -> ByteRange {
        let range = selection.range
        guard let segments = segments(ofBlockContaining: selection.head.lowerBound) else { return range }
        let headWord = segments.word(containing: selection.head.lowerBound)
        let inBlock = segments.range.lowerBound <= range.lowerBound && range.upperBound <= segments.range.upperBound
        let first = segments.word(containing: range.lowerBound), last = segments.word(containing: ByteOffset(range.upperBound.rawValue - 1))
        if inBlock, first?.lowerBound == range.lowerBound, last?.upperBound == range.upperBound { return range }
        return headWord ?? range
    }

    /// For a word that starts with a Chinese or Japanese character, up to 16 characters
    /// from its start to the end of its block.
    private func following(_ start: ByteOffset, word: String) -> String? {
        guard let first = word.unicodeScalars.first, Self.isCJK(first) else { return nil }
        let i = content.blockIndex(atOrAfter: start)
        let end = i < content.blocks.count && content.blocks[i].range.contains(start) ? content.blocks[i].range.upperBound
            : ByteOffset(content.bytes.count)
        let reach = ByteOffset(min(end.rawValue, start.rawValue + 16 * 4))
        return String(content.string(in: ByteRange(start, reach)).prefix(16))
    }

    /// Han, kana and Hangul: the scripts looked up by longest match.
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF, 0xAC00...0xD7AF, 0x31F0...0x31FF:
            return true
        default: return false
        }
    }
}
