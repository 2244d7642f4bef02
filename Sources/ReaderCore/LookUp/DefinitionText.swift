import Support
import TextContent

/// A lookup's answer as a small book for the popup: per dictionary a bold title line
/// (with how the word was matched, in italics), then the entry's paragraphs (blank lines
/// apart in the entry), their lines kept as line breaks.
enum DefinitionText {
    static func content(_ answer: LookUpAnswer) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: answer.word, format: .txt))
        b.beginChapter(title: answer.word, source: "@lookup")
        for d in answer.definitions {
            b.beginBlock(.paragraph)
            let strong = b.beginStyle(.strong)
            b.append(TextSanitizer.sanitizeLabel(d.dictionary))
            b.endStyle(strong)
            if !d.matched.isEmpty {
                b.append(" · ")
                let emphasis = b.beginStyle(.emphasis)
                b.append(TextSanitizer.sanitizeLabel(d.matched))
                b.endStyle(emphasis)
            }
            b.endBlock()
            for paragraph in paragraphs(of: TextSanitizer.sanitize(d.text)) {
                b.beginBlock(.paragraph)
                for (i, line) in paragraph.enumerated() {
                    if i > 0 { b.appendLineBreak() }
                    b.append(line)
                }
                b.endBlock()
            }
        }
        return b.finish()
    }

    /// The entry's paragraphs (runs of non-blank lines), each line with its trailing
    /// blanks removed and tabs as spaces.
    static func paragraphs(of text: String) -> [[String]] {
        var out: [[String]] = [], current: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Every tab, also one before a combining mark (Foundation's replacingOccurrences,
            // used before, left that one: it matched whole characters).
            var line = raw.replacingBytes("\t", with: "    ")
            while line.last == " " { line.removeLast() }
            if line.isEmpty {
                if !current.isEmpty { out.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out.map(unwrapped)
    }

    /// Lines joined where the dictionary wrapped them for an 80-column screen: a line
    /// indented deeper than the one before it, and not starting a numbered sense ("2:",
    /// "n 1:", "1."), continues it (dictd's WordNet and GCIDE are set this way); the box
    /// wraps them again at its own width.
    static func unwrapped(_ lines: [String]) -> [String] {
        var out: [String] = []
        var previousIndent = Int.max
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if let last = out.last, indent > previousIndent, !startsSense(body) {
                out[out.count - 1] = last + " " + body
                continue
            }
            out.append(line)
            previousIndent = indent
        }
        return out
    }

    /// "2:", "n 1:", "1.", "(a)": a numbered sense.
    static func startsSense(_ s: Substring) -> Bool {
        let words = s.split(separator: " ", maxSplits: 2)
        guard let first = words.first else { return false }
        func numbered(_ w: Substring) -> Bool {
            guard let end = w.last, ":.)".contains(end) else { return false }
            let core = w.dropLast().drop { $0 == "(" }
            return !core.isEmpty && (core.allSatisfy(\.isNumber) || (core.count == 1 && core.first!.isLetter && w.first == "("))
        }
        return numbered(first) || (words.count > 1 && first.count <= 3 && first.allSatisfy(\.isLetter) && numbered(words[1]))
    }
}
