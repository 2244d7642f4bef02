/// A Markdown file's YAML front matter: a first line `---`, then `key: value` lines up to
/// a line `---` or `...` (within the first 200 lines and 64 KiB). `title`, `author` /
/// `authors` (a value, a `[a, b]` list or `- item` lines) and `lang` / `language` are
/// read; other keys are ignored. Without front matter everything is empty and
/// `bodyStart` is 0.
struct MarkdownFrontMatter: Equatable {
    var title = ""
    var authors: [String] = []
    var language = ""
    /// Where the Markdown after the front matter starts.
    var bodyStart = 0

    static let maxLines = 200
    static let maxBytes = 64 << 10

    init(_ utf8: [UInt8]) {
        let head = utf8.prefix(Self.maxBytes)
        var lines: [(text: String, end: Int)] = []
        var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < head.count && lines.count < Self.maxLines {
            let end = head[start...].firstIndex(of: 0x0A) ?? head.count
            var line = String(decoding: head[start..<end], as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            lines.append((line, min(end + 1, utf8.count)))
            start = end + 1
        }
        guard lines.first?.text == "---",
              let close = lines.dropFirst().firstIndex(where: { $0.text == "---" || $0.text == "..." }) else { return }
        var key = ""
        for line in lines[1..<close] { read(line.text, key: &key) }
        bodyStart = lines[close].end
    }

    private mutating func read(_ line: String, key: inout String) {
        let trimmed = line.trimmingSpaces()
        if trimmed.hasPrefix("- "), key == "author" || key == "authors" {
            authors.append(Self.unquoted(String(trimmed.dropFirst(2))))
            return
        }
        guard !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") else { return }
        key = line[..<colon].trimmingSpaces().lowercased()
        let value = String(line[line.index(after: colon)...]).trimmingSpaces()
        guard !value.isEmpty else { return }
        switch key {
        case "title": title = Self.unquoted(value)
        case "author", "authors":
            if value.hasPrefix("[") && value.hasSuffix("]") {
                authors += value.dropFirst().dropLast().split(separator: ",").map { Self.unquoted($0.trimmingSpaces()) }.filter { !$0.isEmpty }
            } else {
                authors.append(Self.unquoted(value))
            }
        case "lang", "language": language = Self.unquoted(value)
        default: break
        }
    }

    private static func unquoted(_ s: String) -> String {
        guard s.count >= 2, let f = s.first, f == "\"" || f == "'", s.last == f else { return s }
        return String(s.dropFirst().dropLast())
    }
}
