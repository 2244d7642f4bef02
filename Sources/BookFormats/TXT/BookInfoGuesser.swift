import Support
import TextContent

/// Guesses a TXT book's title, authors, language and direction from its text.
///
/// * Title: `Title: X` (Gutenberg header; also `Author: Y`, `作者：Y`), a line `《X》` (Chinese web TXT), the line(s)
///   before a `by X` / `by` + name line (`War and Peace` / `by Leo Tolstoy`); otherwise the
///   file name without its extension. Aozora files: first line title, second author.
/// * Language from the script mix of the first 256 KiB: kana → ja, Hangul → ko,
///   Han → zh, Arabic → ar, Hebrew → he, Cyrillic → ru, Latin → en; "" if too little text.
///   Arabic or Hebrew text gets direction `.rightToLeft`.
enum BookInfoGuesser {
    /// Title and authors from the first lines of a non-Aozora text (trimmed, blank lines
    /// included as empty strings).
    static func titleAndAuthors(firstLines lines: [String]) -> (title: String?, authors: [String]) {
        var title: String?
        var authors: [String] = []
        for line in lines {
            if line.hasPrefix("Title: "), title == nil { title = String(line.dropFirst(7)).trimmingSpaces }
            if line.hasPrefix("Author: "), authors.isEmpty { authors = [String(line.dropFirst(8)).trimmingSpaces] }
            for prefix in ["作者：", "作者:", "著者："] where line.hasPrefix(prefix) && authors.isEmpty {
                let name = String(line.dropFirst(prefix.count)).trimmingSpaces
                if !name.isEmpty && name.count <= 30 { authors = [name] }
            }
        }
        if title != nil { return (title, authors) }
        for line in lines where line.hasPrefix("《") && line.hasSuffix("》") {
            let inner = line.dropFirst().dropLast()
            if !inner.isEmpty && inner.count <= 40 && !inner.containsBytes("《") { return (String(inner), authors) }
        }
        for (i, line) in lines.enumerated() {
            let lower = line.lowercased()
            var author: String?
            if lower == "by" {
                author = lines[(i + 1)...].first { !$0.isEmpty }
            } else if lower.hasPrefix("by ") && line.count <= 60 {
                author = String(line.dropFirst(3))
            }
            guard var name = author?.trimmingSpaces else { continue }
            while let l = name.last, ",.;".contains(l) { name.removeLast() }
            // Title: the non-blank lines just before (one paragraph, up to 3 lines).
            var j = i - 1
            while j >= 0 && lines[j].isEmpty { j -= 1 }
            var parts: [String] = []
            while j >= 0 && !lines[j].isEmpty && parts.count < 3 { parts.insert(lines[j], at: 0); j -= 1 }
            let t = parts.joined(separator: " ")
            guard !t.isEmpty, t.count <= 80, !name.isEmpty, name.count <= 60 else { continue }
            return (t, [name])
        }
        return (nil, authors)
    }

    /// Language tag and direction from the script mix.
    static func language(of utf8: [UInt8]) -> (String, TextDirection) {
        let n = min(utf8.count, 256 * 1024)
        var han = 0, kana = 0, hangul = 0, latin = 0, arabic = 0, hebrew = 0, cyrillic = 0
        let text = String(decoding: utf8[0..<n], as: UTF8.self)
        for s in text.unicodeScalars {
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin += 1
            case 0x3040...0x30FF: kana += 1
            case 0x3400...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: han += 1
            case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: hangul += 1
            case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: arabic += 1
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: hebrew += 1
            case 0x0400...0x04FF: cyrillic += 1
            default: break
            }
        }
        let total = han + kana + hangul + latin + arabic + hebrew + cyrillic
        guard total >= 10 else { return ("", .unspecified) }
        let cjk = han + kana + hangul
        if arabic + hebrew > total / 2 { return arabic >= hebrew ? ("ar", .rightToLeft) : ("he", .rightToLeft) }
        if cjk * 2 >= total || cjk > latin {
            if hangul > han + kana { return ("ko", .unspecified) }
            if kana * 10 >= cjk && kana > 0 { return ("ja", .unspecified) }
            return ("zh", .unspecified)
        }
        if cyrillic > latin { return ("ru", .unspecified) }
        return ("en", .unspecified)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, U+3000 and NBSP.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        var lo = scalars.startIndex, hi = scalars.endIndex
        while lo < hi && ChapterDetector.isSpace(scalars[lo]) { lo = scalars.index(after: lo) }
        while hi > lo && ChapterDetector.isSpace(scalars[scalars.index(before: hi)]) { hi = scalars.index(before: hi) }
        return String(scalars[lo..<hi])
    }
}
