import ReaderApp
import TextContent
import TextLayout

/// `reader info BOOK [--json] [--encoding NAME]`: metadata and the chapter list.
enum InfoCommand {
    static let specs: [Arguments.Spec] = [
        .init(name: "json", short: nil, takesValue: false),
        .init(name: "encoding", short: nil, takesValue: true),
    ]

    static func run(_ args: [String]) throws {
        let started = SystemClock().now()
        let a = try Arguments(args, specs: specs)
        guard a.positionals.count == 1 else {
            throw CLIError.usage(a.positionals.isEmpty ? "info needs a BOOK" : "info takes one BOOK")
        }
        let path = a.positionals[0]
        let session = try Sessions.open(path, BookOpenOptions(encoding: a.value("encoding")))
        let content = session.content
        var out = Output()
        if a.has("json") {
            out.write(json(content, path: path))
        } else {
            out.write(human(content, path: path))
        }
        out.flush()
        Sessions.outputDone(session, started: started, printed: SystemClock().now())
    }

    /// The JSON form (schema in docs/CLI.md).
    static func json(_ c: TextContent, path: String) -> String {
        var s = "{\n"
        s += "  \"title\": \(JSON.string(c.metadata.title)),\n"
        s += "  \"authors\": [\(c.metadata.authors.map(JSON.string).joined(separator: ", "))],\n"
        s += "  \"language\": \(JSON.string(c.metadata.language)),\n"
        s += "  \"format\": \(JSON.string(c.metadata.format.rawValue)),\n"
        s += "  \"formatName\": \(JSON.string(c.metadata.format.displayName(version: c.metadata.version))),\n"
        s += "  \"encoding\": \(JSON.string(c.metadata.encoding)),\n"
        s += "  \"direction\": \(JSON.string(c.metadata.direction == .rightToLeft ? "rtl" : "ltr")),\n"
        s += "  \"textBytes\": \(c.bytes.count),\n"
        s += "  \"fixedLayout\": \(c.metadata.fixedLayout),\n"
        s += "  \"verticalWriting\": \(c.metadata.verticalWriting),\n"
        s += "  \"images\": \(c.images.count),\n"
        s += "  \"cover\": \(CoverInfo(c, path: path)?.json ?? "null"),\n"
        s += "  \"chapters\": ["
        for (i, ch) in c.chapters.enumerated() {
            s += i == 0 ? "\n" : ",\n"
            s += "    {\"index\": \(i), \"title\": \(JSON.string(ch.title)), \"level\": \(ch.level), "
            s += "\"start\": \(ch.range.lowerBound.rawValue), \"end\": \(ch.range.upperBound.rawValue), "
            s += "\"source\": \(JSON.string(ch.source))"
            if let vertical = ch.verticalWriting { s += ", \"verticalWriting\": \(vertical)" }
            s += "}"
        }
        s += c.chapters.isEmpty ? "],\n" : "\n  ],\n"
        s += "  \"warnings\": [\(c.warnings.map(JSON.string).joined(separator: ", "))]\n"
        s += "}\n"
        return s
    }

    /// What `--hyphenate auto` does for a book in `language`: the patterns, or why none.
    static func hyphenation(for language: String) -> String {
        let (setting, reason) = HyphenationChoice.auto.setting(bookLanguage: language)
        if let setting { return "\(setting.language), patterns \(setting.patterns)" }
        let why = reason ?? "off"
        return "none: " + (why.hasPrefix("hyphenation: ") ? String(why.dropFirst(13)) : why)
    }

    /// The human form.
    static func human(_ c: TextContent, path: String) -> String {
        let m = c.metadata
        var s = ""
        s += "Title:     \(m.title)\n"
        s += "Authors:   \(m.authors.isEmpty ? "-" : m.authors.joined(separator: ", "))\n"
        s += "Language:  \(m.language.isEmpty ? "-" : m.language)\n"
        s += "Format:    \(m.format.displayName(version: m.version))\n"
        s += "Encoding:  \(m.encoding)\n"
        s += "Direction: \(m.direction == .rightToLeft ? "right to left" : "left to right")\n"
        s += "Hyphens:   \(hyphenation(for: m.language)) (with --wrap optimal)\n"
        s += "Text:      \(ByteCount.human(c.bytes.count)) (\(c.bytes.count) bytes UTF-8)\n"
        if m.fixedLayout { s += "Layout:    fixed (pre-paginated)\n" }
        let own = c.chapters.filter { $0.verticalWriting != nil }.count
        if m.verticalWriting || own > 0 {
            s += "Writing:   \(m.verticalWriting ? "vertical" : "horizontal")"
            if own > 0 { s += ", \(own) chapter\(own == 1 ? "" : "s") \(m.verticalWriting ? "in lines" : "in columns") (marked below)" }
            s += m.verticalWriting ? " (the pager sets it in columns; --writing-mode, V)\n" : "\n"
        }
        s += "Images:    \(c.images.count)\n"
        if let cover = CoverInfo(c, path: path) { s += "Cover:     \(cover.human)\n" }
        s += "Chapters:  \(c.chapters.count)\n"
        let digits = String(c.chapters.count).count
        for (i, ch) in c.chapters.enumerated() {
            let number = String(i + 1)
            let pad = String(repeating: " ", count: digits - number.count)
            let indent = String(repeating: "  ", count: max(0, ch.level - 1))
            let mode = ch.verticalWriting.map { $0 ? "  [columns]" : "  [lines]" } ?? ""
            s += "  \(pad)\(number)  \(indent)\(ch.title.isEmpty ? "(untitled)" : ch.title)\(mode)\n"
        }
        return s
    }
}

/// Minimal JSON string encoding.
enum JSON {
    static func string(_ s: String) -> String {
        var out = "\""
        for sc in s.unicodeScalars {
            switch sc {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if sc.value < 0x20 || sc.value == 0x7F || (0x80...0x9F).contains(sc.value) {
                    out += "\\u" + DecimalText.hex(sc.value, width: 4)
                } else {
                    out.unicodeScalars.append(sc)
                }
            }
        }
        return out + "\""
    }
}

/// Human-readable byte counts.
enum ByteCount {
    static func human(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        if n < 1024 * 1024 { return DecimalText.fixed(Double(n) / 1024, places: 1) + " KiB" }
        return DecimalText.fixed(Double(n) / 1048576, places: 1) + " MiB"
    }
}

