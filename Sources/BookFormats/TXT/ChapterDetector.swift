/// Recognises chapter heading lines of plain-text novels.
///
/// A heading is a short line (≤ 60 characters once trimmed) that the caller has already
/// found to stand alone (its own paragraph). Patterns, each with a *rank* (smaller is
/// higher in the hierarchy; the reader turns the ranks present in a book into levels 1…n):
///
/// * Chinese / Japanese: `第` + number + unit + optional title, the number in Chinese
///   numerals (一二三…十百千万零〇两, financial forms) or ASCII / full-width digits
///   (zero-padded is fine), spaces allowed around the number; units 部 (rank 0),
///   卷 集 篇 (1), 章 回 话 話 幕 (3), 节 節 (4). Noise before `第` is skipped: spaces,
///   brackets 《》【】…, and the words 正文 / 目录 / 目錄 / 章节 / VIP. `卷` + numeral (卷一)
///   is rank 1. Lines containing `。` are never headings.
/// * Korean: `제` + number + 장/화/회 (3), 부/권/편 (1).
/// * Keyword headings: 楔子 序章 序幕 引子 尾声 尾聲 后记 後記 番外 附录 附錄 终章 終章
///   プロローグ エピローグ, alone or followed by a space and a title.
/// * English: `CHAPTER`/`Chapter`/`CHAP.`, `BOOK`, `PART`, `VOLUME`, `LETTER` + a
///   Roman numeral, digits, a number word (one…ninety-nine) or an ordinal (first…,
///   "the first"), then optionally `.`/`:`/`—` and a title. VOLUME is rank 0, BOOK 1,
///   PART 2, CHAPTER/LETTER 3. `PROLOGUE`/`EPILOGUE`/`AFTERWORD` are *special* (the
///   top rank present in the book); "First Epilogue" is rank 2. Lower-case keywords,
///   lines where the keyword is not first ("Heading to Chapter IV."), lines ending in a
///   page number after a gap ("CHAPTER IV.    18") and a lower-case word right after the
///   number ("Chapter one of …") are rejected. A trailing `]` (Gutenberg's
///   "[Illustration: … Chapter I.]") is dropped from the title.
enum ChapterDetector {
    /// Rank of a special heading (prologue, epilogue…): resolved to the book's top rank.
    static let specialRank = -1

    /// A recognised heading.
    struct Match: Equatable {
        /// Hierarchy rank (0 = volume … 4 = section; `specialRank` for prologue/epilogue).
        var rank: Int
        /// UTF-8 range of the heading text inside the line passed in (noise and a
        /// trailing `]` excluded).
        var titleStart: Int
        var titleEnd: Int
    }

    /// Maximum length of a heading line, in Unicode scalars.
    static let maxLength = 60

    /// Matches a whole (untrimmed) line.
    static func match(_ line: String) -> Match? {
        let scalars = Array(line.unicodeScalars)
        var lo = 0, hi = scalars.count
        while lo < hi && isSpace(scalars[lo]) { lo += 1 }
        while hi > lo && isSpace(scalars[hi - 1]) { hi -= 1 }
        guard hi > lo, hi - lo <= maxLength else { return nil }
        let s = Array(scalars[lo..<hi])
        guard var m = matchCJK(s) ?? matchEnglish(s) else { return nil }
        // Convert scalar indices (relative to s) to UTF-8 offsets in `line`.
        var offsets = [Int](repeating: 0, count: scalars.count + 1)
        for i in 0..<scalars.count { offsets[i + 1] = offsets[i] + UTF8.width(scalars[i]) }
        m.titleStart = offsets[lo + m.titleStart]
        m.titleEnd = offsets[lo + m.titleEnd]
        return m
    }

    // MARK: Character classes

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\u{3000}" || c == "\u{A0}" || c == "\u{FEFF}"
    }

    static let chineseDigits: Set<Unicode.Scalar> = Set("零〇一二三四五六七八九十百千万两壹贰貳叁參肆伍陆陸柒捌玖拾佰仟廿卅".unicodeScalars)

    static func isDigit(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x30 && c.value <= 0x39) || (c.value >= 0xFF10 && c.value <= 0xFF19)
    }

    static let unitRanks: [Unicode.Scalar: Int] = [
        "部": 0, "卷": 1, "集": 1, "篇": 1, "章": 3, "回": 3, "话": 3, "話": 3, "幕": 3, "节": 4, "節": 4,
    ]
    static let koreanUnitRanks: [Unicode.Scalar: Int] = ["부": 1, "권": 1, "편": 1, "장": 3, "화": 3, "회": 3]

    static let noiseWords: [[Unicode.Scalar]] = ["正文", "目录", "目錄", "章节", "章節", "VIP"].map { Array($0.unicodeScalars) }
    static let noiseCharacters: Set<Unicode.Scalar> = Set("《》【】〖〗「」『』[]()（）<>＜＞:：-—·.".unicodeScalars)
    static let keywordHeadings: [[Unicode.Scalar]] = [
        "楔子", "序章", "序幕", "引子", "尾声", "尾聲", "后记", "後記", "番外", "附录", "附錄", "终章", "終章",
        "プロローグ", "エピローグ",
    ].map { Array($0.unicodeScalars) }

    // MARK: CJK

    static func matchCJK(_ s: [Unicode.Scalar]) -> Match? {
        if s.contains("。") { return nil }
        // Skip noise before the heading proper.
        var i = 0
        var progressed = true
        while progressed && i < 12 && i < s.count {
            progressed = false
            if isSpace(s[i]) || noiseCharacters.contains(s[i]) { i += 1; progressed = true; continue }
            for w in noiseWords where hasPrefix(s, w, at: i) { i += w.count; progressed = true; break }
        }
        guard i < s.count else { return nil }
        let start = i
        if s[i] == "第" || s[i] == "제" {
            let korean = s[i] == "제"
            var j = i + 1
            while j < s.count && isSpace(s[j]) { j += 1 }
            let numStart = j
            while j < s.count && (isDigit(s[j]) || (!korean && chineseDigits.contains(s[j]))) && j - numStart < 10 { j += 1 }
            guard j > numStart else { return nil }
            while j < s.count && isSpace(s[j]) { j += 1 }
            guard j < s.count, let rank = (korean ? koreanUnitRanks[s[j]] : unitRanks[s[j]]) else { return nil }
            j += 1
            return titleAfter(s, headingStart: start, at: j, rank: rank)
        }
        if s[i] == "卷" {
            var j = i + 1
            if j < s.count && s[j] == "之" { j += 1 }
            let numStart = j
            while j < s.count && (isDigit(s[j]) || chineseDigits.contains(s[j])) { j += 1 }
            guard j > numStart, j == s.count || isSpace(s[j]) || s[j] == "：" || s[j] == ":" else { return nil }
            return titleAfter(s, headingStart: start, at: j, rank: 1)
        }
        for w in keywordHeadings where hasPrefix(s, w, at: i) {
            let j = i + w.count
            guard j == s.count || isSpace(s[j]) || s[j] == "：" || s[j] == ":" else { continue }
            return Match(rank: specialRank, titleStart: start, titleEnd: s.count)
        }
        return nil
    }

    /// Checks what follows the unit of a CJK heading.
    private static func titleAfter(_ s: [Unicode.Scalar], headingStart: Int, at j: Int, rank: Int) -> Match? {
        let rest = s[j...]
        if let last = rest.last, "，,；;、".unicodeScalars.contains(last) { return nil }
        // Dialogue or a sentence is not a title.
        if rest.contains("“") && rest.contains("”") && rest.count > 20 { return nil }
        return Match(rank: rank, titleStart: headingStart, titleEnd: s.count)
    }

    private static func hasPrefix(_ s: [Unicode.Scalar], _ w: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + w.count <= s.count else { return false }
        for k in 0..<w.count where s[i + k] != w[k] { return false }
        return true
    }

    // MARK: English

    static let englishKeywords: [(String, Int)] = [
        ("CHAPTER", 3), ("Chapter", 3), ("CHAP.", 3), ("Chap.", 3), ("BOOK", 1), ("Book", 1), ("PART", 2), ("Part", 2),
        ("VOLUME", 0), ("Volume", 0), ("LETTER", 3), ("Letter", 3),
    ]
    static let specialKeywords = ["PROLOGUE", "Prologue", "EPILOGUE", "Epilogue", "AFTERWORD", "Afterword"]
    static let cardinals = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                            "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred"]
    static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                           "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                           "eighteenth", "nineteenth", "twentieth", "last", "final"]

    static func matchEnglish(_ s: [Unicode.Scalar]) -> Match? {
        guard let f = s.first, f.value >= 0x41 && f.value <= 0x5A else { return nil }
        let text = String(String.UnicodeScalarView(s))
        // "First Epilogue", "SECOND EPILOGUE"
        var w0 = 0
        while w0 < s.count && s[w0].properties.isAlphabetic { w0 += 1 }
        if w0 > 0, w0 < s.count, isSpace(s[w0]), isCapitalized(text),
           ordinals.contains(String(String.UnicodeScalarView(s[0..<w0])).lowercased()) {
            var w1 = w0
            while w1 < s.count && isSpace(s[w1]) { w1 += 1 }
            var w2 = w1
            while w2 < s.count && s[w2].properties.isAlphabetic { w2 += 1 }
            if specialKeywords.contains(String(String.UnicodeScalarView(s[w1..<w2]))) {
                return finishEnglish(s, afterKeyword: w2, rank: 2, needNumber: false)
            }
        }
        for k in specialKeywords where text.hasPrefix(k) {
            return finishEnglish(s, afterKeyword: k.unicodeScalars.count, rank: specialRank, needNumber: false)
        }
        for (k, rank) in englishKeywords where text.hasPrefix(k) {
            return finishEnglish(s, afterKeyword: k.unicodeScalars.count, rank: rank, needNumber: true)
        }
        return nil
    }

    private static func isCapitalized(_ w: String) -> Bool {
        guard let f = w.unicodeScalars.first else { return false }
        return f.properties.isUppercase
    }

    /// Validates what follows an English keyword: a number, then an optional title.
    private static func finishEnglish(_ s: [Unicode.Scalar], afterKeyword k: Int, rank: Int, needNumber: Bool) -> Match? {
        var j = k
        var end = s.count
        // Gutenberg illustration captions end the heading with "]".
        if end > j && s[end - 1] == "]" { end -= 1 }
        if needNumber {
            guard j < end, isSpace(s[j]) else { return nil }
            while j < end && isSpace(s[j]) { j += 1 }
            var w = j
            while w < end && (s[w].properties.isAlphabetic || isDigit(s[w]) || s[w] == "-") { w += 1 }
            guard w > j else { return nil }
            var word = String(String.UnicodeScalarView(s[j..<w]))
            if word.lowercased() == "the" {  // "Book the First"
                var w2 = w
                while w2 < end && isSpace(s[w2]) { w2 += 1 }
                var w3 = w2
                while w3 < end && s[w3].properties.isAlphabetic { w3 += 1 }
                word = String(String.UnicodeScalarView(s[w2..<w3]))
                guard ordinals.contains(word.lowercased()) else { return nil }
                w = w3
            } else if !isNumberWord(word) {
                return nil
            }
            j = w
        } else if j < end && !(isSpace(s[j]) || ".:".unicodeScalars.contains(s[j])) {
            return nil  // "Prologues…"
        }
        // What follows: nothing, punctuation + title, or spaces + a capitalised title.
        var t = j
        var sawPunctuation = false
        while t < end && (isSpace(s[t]) || ".:—–-".unicodeScalars.contains(s[t])) {
            if !isSpace(s[t]) { sawPunctuation = true }
            t += 1
        }
        if t < end {
            let first = s[t]
            if !sawPunctuation && first.properties.isLowercase { return nil }
            if let last = s[end - 1] as Unicode.Scalar?, ",;".unicodeScalars.contains(last) { return nil }
            // "CHAPTER IV.      18": a list of contents or illustrations with page numbers.
            var d = end
            while d > t && (isDigit(s[d - 1]) || "ivxlcIVXLC".unicodeScalars.contains(s[d - 1])) { d -= 1 }
            if d < end && d >= 3 && isSpace(s[d - 1]) && isSpace(s[d - 2]) && isSpace(s[d - 3]) { return nil }
        }
        return Match(rank: rank, titleStart: 0, titleEnd: end)
    }

    /// Whether `w` is a Roman numeral, digits, a number word or an ordinal.
    static func isNumberWord(_ w: String) -> Bool {
        if w.allSatisfy({ $0.isASCII && $0.isNumber }) { return w.count <= 4 }
        if isRoman(w) { return true }
        let lower = w.lowercased()
        if ordinals.contains(lower) || cardinals.contains(lower) { return true }
        let parts = lower.split(separator: "-")
        if parts.count == 2, cardinals.contains(String(parts[0])),
           cardinals.contains(String(parts[1])) || ordinals.contains(String(parts[1])) { return true }
        return false
    }

    /// A valid Roman numeral (I…MMMCMXCIX), all upper or all lower case.
    static func isRoman(_ w: String) -> Bool {
        guard !w.isEmpty, w.count <= 12 else { return false }
        let upper = w.uppercased()
        guard w == upper || w == w.lowercased() else { return false }
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        var total = 0
        let chars = Array(upper)
        for (i, c) in chars.enumerated() {
            guard let v = values[c] else { return false }
            if i + 1 < chars.count, let next = values[chars[i + 1]], next > v { total -= v } else { total += v }
        }
        guard total > 0 && total < 4000 else { return false }
        return toRoman(total) == upper
    }

    private static func toRoman(_ n: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n
        var out = ""
        for (v, r) in table { while n >= v { out += r; n -= v } }
        return out
    }
}
