import Support

/// Whether a book's stylesheets set its text vertically (issue #23): a rule on `html`,
/// `body` or `:root` (alone in a selector list or among others) whose `writing-mode` —
/// or `-epub-writing-mode`, `-webkit-writing-mode` — is `vertical-rl` (or the old
/// `tb-rl`); a later rule saying `horizontal-tb` undoes it. Kusamakura's
/// `html { -epub-writing-mode: vertical-rl }` is the common form.
enum WritingModeCSS {
    private static let properties = ["writing-mode", "-epub-writing-mode", "-webkit-writing-mode"]
    private static let roots: Set<String> = ["html", "body", ":root"]

    /// The classes of `css`'s simple class rules (`.tcy`, `span.tcy`) that set their text
    /// upright in one row (`text-combine-upright: all|digits`, `-epub-text-combine:
    /// horizontal`, `-webkit-text-combine: horizontal`), added to `classes` (`none` removes).
    static func addUprightClasses(in css: [UInt8], to classes: inout Set<String>) {
        CSSRules.forEach(in: css.prefix(TextEmphasisCSS.maximumStylesheetSize)) { addUpright(rule: $0, $1, to: &classes) }
    }

    /// One rule's effect on the upright classes (`addUprightClasses`).
    static func addUpright(rule selectors: Substring, _ declarations: String, to classes: inout Set<String>) {
        guard declarations.lowercased().containsBytes("combine") else { return }
        let decl = Substring(declarations)
        guard let value = CSSRules.lastValue(of: "text-combine-upright", inDeclarations: decl)
                ?? CSSRules.lastValue(of: "-epub-text-combine", inDeclarations: decl)
                ?? CSSRules.lastValue(of: "-webkit-text-combine", inDeclarations: decl) else { return }
        let on = value.hasPrefix("all") || value.hasPrefix("digits") || value == "horizontal"
        for name in selectors.split(separator: ",").compactMap(TextEmphasisCSS.simpleClass) {
            if on { if classes.count < TextEmphasisCSS.maximumClasses { classes.insert(name) } } else { classes.remove(name) }
        }
    }

    /// The classes that simple class rules (`.vrtl`, `html.vrtl`, `body.hltr`) give a writing
    /// mode — true vertical, false horizontal — added to `classes` (a later rule wins). Books
    /// made by Denden Converter and its kin put such a class on each document's `<html>`.
    static func addWritingModeClasses(in css: [UInt8], to classes: inout [String: Bool]) {
        CSSRules.forEach(in: css.prefix(TextEmphasisCSS.maximumStylesheetSize)) { addModeClasses(rule: $0, $1, to: &classes) }
    }

    /// One rule's effect on the mode classes (`addWritingModeClasses`).
    static func addModeClasses(rule selectors: Substring, _ declarations: String, to classes: inout [String: Bool]) {
        guard declarations.lowercased().containsBytes("writing-mode") else { return }
        guard let vertical = isVertical(declarations) else { return }
        for selector in selectors.split(separator: ",") {
            let s = selector.trimmingCSSSpaces().lowercased()
            guard s.hasPrefix(".") || s.hasPrefix("html.") || s.hasPrefix("body."),
                  let name = TextEmphasisCSS.simpleClass(selector), classes.count < TextEmphasisCSS.maximumClasses else { continue }
            classes[name] = vertical
        }
    }

    /// The classes on a document's `<html>` and `<body>` start tags, from its first 8 KB
    /// (a plain scan: attribute values in single or double quotes).
    static func rootClasses(of document: [UInt8]) -> [String] {
        let head = String(decoding: document.prefix(8192), as: UTF8.self)
        var found: [String] = []
        for tag in ["<html", "<body"] {
            guard let start = head.firstByteRange(of: tag), let end = head[start.upperBound...].firstIndex(of: ">") else { continue }
            let attributes = head[start.upperBound..<end]
            guard let c = attributes.firstByteRange(of: "class=") else { continue }
            var value = attributes[c.upperBound...]
            guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
            value = value.dropFirst()
            found += value.prefix { $0 != quote }.split(separator: " ").map(String.init)
        }
        return found
    }

    /// What declarations say of the writing mode: true vertical (`vertical-rl`, the old
    /// `tb-rl`), false another mode, nil nothing (the last of the three properties that is
    /// there wins, in their order).
    private static func isVertical(_ declarations: String) -> Bool? {
        var vertical: Bool?
        for property in properties {
            if let value = CSSRules.lastValue(of: property, inDeclarations: Substring(declarations)) {
                vertical = value.hasPrefix("vertical") || value.hasPrefix("tb")
            }
        }
        return vertical
    }

    /// What `css` says of the root's writing mode: true vertical, false horizontal, nil
    /// nothing (the last rule that says something wins).
    static func rootIsVertical(in css: [UInt8]) -> Bool? {
        var result: Bool?
        CSSRules.forEach(in: css.prefix(TextEmphasisCSS.maximumStylesheetSize)) { result = rootMode(rule: $0, $1) ?? result }
        return result
    }

    /// What one rule says of the root's writing mode (`rootIsVertical`): nil nothing.
    static func rootMode(rule selectors: Substring, _ declarations: String) -> Bool? {
        guard declarations.lowercased().containsBytes("writing-mode"),
              selectors.split(separator: ",").contains(where: { roots.contains($0.trimmingCSSSpaces().lowercased()) })
        else { return nil }
        return isVertical(declarations)
    }
}
