import Support
import TextContent

/// The part of CSS the EPUB reader understands: `text-emphasis` (傍点), from a `style`
/// attribute's declarations or from a book's stylesheets' simple class rules
/// (`.em-sesame { -epub-text-emphasis-style: filled sesame }`, `span.bouten {…}`).
///
/// Bounded for hostile input: a stylesheet is read up to `maximumStylesheetSize` bytes, in
/// one linear pass (comments and strings skipped, no backtracking), and at most
/// `maximumClasses` classes are kept. Nothing else of CSS is interpreted. See docs/EPUB.md.
public enum TextEmphasisCSS {
    /// Bytes of one stylesheet looked at (the rest is ignored).
    public static let maximumStylesheetSize = 512 * 1024
    /// Most classes kept from all of a book's stylesheets.
    public static let maximumClasses = 1024

    /// The property names that set the emphasis style (the shorthand too: its colour is
    /// ignored).
    private static let properties: Set<String> = [
        "text-emphasis", "text-emphasis-style",
        "-epub-text-emphasis", "-epub-text-emphasis-style",
        "-webkit-text-emphasis", "-webkit-text-emphasis-style",
    ]

    /// The emphasis mark declared by a list of declarations (`a: b; c: d`): nil when none
    /// is, or the last emphasis declaration (it wins, as in CSS) says `none`.
    public static func mark(inDeclarations text: Substring) -> EmphasisMark? {
        var result: EmphasisMark??
        for declaration in text.split(separator: ";", omittingEmptySubsequences: true).prefix(4096) {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCSSSpaces().lowercased()
            guard properties.contains(name) else { continue }
            result = .some(mark(ofValue: declaration[declaration.index(after: colon)...]))
        }
        return result ?? nil
    }

    /// The mark a `text-emphasis-style` value names: `filled`/`open` × `dot`, `circle`,
    /// `double-circle`, `triangle`, `sesame`. A shape alone is filled; `filled`/`open`
    /// alone is a sesame (the vertical-text default: Japanese books are mostly vertical);
    /// a string (`"*"`) is shown as a sesame; `none` (or nothing understood) is nil.
    static func mark(ofValue value: Substring) -> EmphasisMark? {
        var open = false, fill = false, shape: Substring?
        for word in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
            let w = word.lowercased()
            switch w {
            case "open": open = true
            case "filled": fill = true
            case "dot", "circle", "double-circle", "triangle", "sesame": shape = Substring(w)
            case "none": return nil
            default:
                if w.first == "\"" || w.first == "'" { shape = "string" }
            }
        }
        switch shape {
        case "dot", "circle": return open ? .whiteCircle : .blackCircle
        case "double-circle": return open ? .bullseye : .doubleCircle
        case "triangle": return open ? .whiteTriangle : .blackTriangle
        case "sesame", "string": return open ? .whiteSesame : .sesame
        default: return open || fill ? (open ? .whiteSesame : .sesame) : nil
        }
    }

    /// The classes of `css`'s rules whose selectors are simple class selectors (`.name`,
    /// `element.name`, several joined by commas) and that declare an emphasis style,
    /// added to `classes` (a later rule wins; `none` removes the class). Rules inside
    /// `@media`/`@supports` blocks count; other at-rules' contents match nothing.
    public static func addEmphasisClasses(in css: [UInt8], to classes: inout [String: EmphasisMark]) {
        CSSRules.forEach(in: css.prefix(maximumStylesheetSize)) { selectors, declarations in
            apply(selectors: selectors, declarations: declarations, to: &classes)
        }
    }

    /// A rule's effect on the class table.
    static func apply(selectors: Substring, declarations: String, to classes: inout [String: EmphasisMark]) {
        let lower = declarations.lowercased()
        guard lower.containsBytes("emphasis") else { return }
        let names = selectors.split(separator: ",").compactMap(simpleClass)
        guard !names.isEmpty else { return }
        let mark = mark(inDeclarations: Substring(declarations))
        for name in names {
            if let mark {
                if classes.count < maximumClasses || classes[name] != nil { classes[name] = mark }
            } else if declaresEmphasis(lower) {
                classes[name] = nil
            }
        }
    }

    /// Whether lower-cased declarations name an emphasis-style property at all.
    private static func declaresEmphasis(_ lower: String) -> Bool {
        lower.split(separator: ";").contains { d in
            d.firstIndex(of: ":").map { properties.contains(String(d[..<$0].trimmingCSSSpaces())) } ?? false
        }
    }

    /// The class of a selector `[element].class` (letters, digits, `-`, `_` and non-ASCII
    /// only), else nil.
    static func simpleClass(_ selector: Substring) -> String? {
        let s = selector.trimmingCSSSpaces()
        guard let dot = s.firstIndex(of: "."), dot == s.lastIndex(of: ".") else { return nil }
        let element = s[..<dot], name = s[s.index(after: dot)...]
        guard !name.isEmpty, CSSRules.isIdentifier(name), CSSRules.isIdentifier(element) else { return nil }
        return String(name)
    }
}
