import TextContent

/// The meaning of one Aozora annotation `［＃…］` (its body, without the brackets), as far
/// as the reader interprets it. Everything else is `.ignored` (and simply dropped).
enum AozoraAnnotation: Equatable {
    /// What a span of a line's text carries.
    enum Mark: Equatable {
        case ruby(String)
        case emphasis(EmphasisMark)
        case style(InlineStyle)
    }

    /// `「X」に傍点`, `「X」は太字`: the last preceding occurrence of X on the line.
    case target(String, Mark)
    /// `傍点`, `太字`, `ここから太字`: the text from here to the matching end.
    case open(Mark)
    /// `傍点終わり`, `太字終わり`, `ここで太字終わり`.
    case close(Mark)
    /// `N字下げ`, `天からN字下げ`: this line's indent, in cells.
    case lineIndent(UInt8)
    /// `ここからN字下げ[、折り返してM字下げ]`: the indent of the lines up to `endIndentBlock`.
    case blockIndent(first: UInt8, rest: UInt8)
    /// `ここで字下げ終わり`.
    case endIndentBlock
    /// `地付き` (0), `地からN字上げ` (2N): this line's end alignment.
    case lineEndGap(UInt8)
    /// `ここから地付き`, `ここから地からN字上げ`.
    case blockEndGap(UInt8)
    /// `ここで地付き終わり`, `ここで字上げ終わり`.
    case endEndGapBlock
    /// `改ページ`, `改丁`, `改段`, `改見開き`.
    case pageBreak
    /// Anything else (見出し ranks are read separately, gaiji before this).
    case ignored

    /// Interprets `body`.
    static func parse(_ body: String) -> AozoraAnnotation {
        if body.hasPrefix("「") { return parseTarget(body) }
        if let mark = rangedMark(body) { return mark }
        return parsePlacement(body)
    }

    // MARK: Marks

    /// Emphasis marks by annotation name, longest names first where one ends another.
    static let emphasisNames: [(String, EmphasisMark)] = [
        ("白ゴマ傍点", .whiteSesame), ("白丸傍点", .whiteCircle), ("丸傍点", .blackCircle),
        ("黒三角傍点", .blackTriangle), ("白三角傍点", .whiteTriangle), ("二重丸傍点", .doubleCircle),
        ("蛇の目傍点", .bullseye), ("ばつ傍点", .cross), ("傍点", .sesame),
        ("二重傍線", .doubleSideLine), ("傍線", .sideLine), ("鎖線", .sideLine), ("破線", .sideLine), ("波線", .sideLine),
    ]

    static let styleNames: [(String, InlineStyle)] = [
        ("太字", .strong), ("斜体", .emphasis), ("上付き小文字", .superscript), ("下付き小文字", .subscript),
    ]

    /// The mark named exactly `name` (`傍点`, `左に傍点`, `太字`), if any.
    static func mark(named name: Substring) -> Mark? {
        let n = name.hasPrefix("左に") ? name.dropFirst(2) : name
        if let e = emphasisNames.first(where: { $0.0 == n }) { return .emphasis(e.1) }
        if let s = styleNames.first(where: { $0.0 == n }) { return .style(s.1) }
        return nil
    }

    /// `「X」に傍点`, `「X」の左に傍点`, `「X」は太字`.
    private static func parseTarget(_ body: String) -> AozoraAnnotation {
        guard let close = body.lastByteRange(of: "」") else { return .ignored }
        let x = String(body[body.index(after: body.startIndex)..<close.lowerBound])
        var suffix = body[close.upperBound...]
        if suffix.hasPrefix("の左に") { suffix = suffix.dropFirst(3) } else if suffix.hasPrefix("に") || suffix.hasPrefix("は") {
            suffix = suffix.dropFirst()
        } else { return .ignored }
        guard !x.isEmpty, let mark = mark(named: suffix) else { return .ignored }
        return .target(x, mark)
    }

    /// `傍点` / `傍点終わり`, `ここから太字` / `ここで太字終わり`.
    private static func rangedMark(_ body: String) -> AozoraAnnotation? {
        var name = Substring(body)
        if name.hasPrefix("ここから") { name = name.dropFirst(4) } else if name.hasPrefix("ここで") { name = name.dropFirst(3) }
        if name.hasSuffix("終わり") {
            return mark(named: name.dropLast(3)).map { .close($0) }
        }
        return mark(named: name).map { .open($0) }
    }

    // MARK: Placement

    private static func parsePlacement(_ body: String) -> AozoraAnnotation {
        switch body {
        case "改ページ", "改丁", "改段", "改見開き": return .pageBreak
        case "ここで字下げ終わり", "ここで字下げ終了": return .endIndentBlock
        case "ここで地付き終わり", "ここで字上げ終わり", "ここで地付き終了", "ここで字上げ終了": return .endEndGapBlock
        case "地付き": return .lineEndGap(0)
        case "ここから地付き": return .blockEndGap(0)
        default: break
        }
        var s = Substring(body)
        let block = s.hasPrefix("ここから")
        if block { s = s.dropFirst(4) }
        if s.hasPrefix("地から"), s.hasSuffix("字上げ"), let n = count(s.dropFirst(3).dropLast(3)) {
            return block ? .blockEndGap(n) : .lineEndGap(n)
        }
        if s.hasPrefix("天から") { s = s.dropFirst(3) }
        if block, let comma = s.firstIndex(of: "、") {
            let head = s[..<comma], tail = s[s.index(after: comma)...]
            guard tail.hasPrefix("折り返して"), tail.hasSuffix("字下げ"),
                  let rest = count(tail.dropFirst(5).dropLast(3)) else { return .ignored }
            if head == "改行天付き" { return .blockIndent(first: 0, rest: rest) }
            guard head.hasSuffix("字下げ"), let first = count(head.dropLast(3)) else { return .ignored }
            return .blockIndent(first: first, rest: rest)
        }
        guard s.hasSuffix("字下げ"), let n = count(s.dropLast(3)) else { return .ignored }
        return block ? .blockIndent(first: n, rest: n) : .lineIndent(n)
    }

    /// Cells for a count of 字 written in ASCII, full-width or kanji numerals (2 a 字).
    static func count(_ s: Substring) -> UInt8? {
        guard let n = number(s) else { return nil }
        return UInt8(clamping: 2 * n)
    }

    /// `８`, `10`, `１２`, `二`, `十二`, `二十` → the number (nil if it is not one, or > 99).
    static func number(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.count <= 4 else { return nil }
        let kanji: [Character: Int] = ["〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9]
        var value = 0, sawTen = false, digits = 0
        for c in s {
            if let d = c.wholeNumberValue, c.isASCII || ("０"..."９").contains(c) {
                value = value * 10 + d
            } else if let d = kanji[c] {
                value = sawTen ? value + d : value * 10 + d
            } else if c == "十", !sawTen {
                value = (value == 0 ? 1 : value) * 10
                sawTen = true
            } else { return nil }
            digits += 1
        }
        return digits > 0 && value <= 99 ? value : nil
    }
}
