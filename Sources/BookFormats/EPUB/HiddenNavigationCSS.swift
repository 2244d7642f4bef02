import Support

/// What CSS hides, as far as the reader follows it: `display: none` in an element's own
/// `style`, and stylesheet rules that hide a navigation document's `nav` by its id or class
/// (`#toc { display: none }`, `nav.landmarks { display:none }`). A navigation document in
/// the spine then shows in the text as a browser shows it, its hidden parts left out; the
/// contents (`EPUBNavigation`) still read them. Other stylesheet rules are not applied:
/// the reader does not match CSS selectors in general (docs/EPUB.md).
struct HiddenNavigationCSS: Equatable {
    /// Ids and classes whose `nav` the book's stylesheets hide.
    private(set) var ids: Set<String> = []
    private(set) var classes: Set<String> = []

    /// Most ids and classes kept (a hostile stylesheet cannot grow the sets further).
    static let maximumNames = 1024

    /// Whether no stylesheet hides any `nav`.
    var isEmpty: Bool { ids.isEmpty && classes.isEmpty }

    /// Reads the rules of one stylesheet (a later rule wins: `display: block` shows again).
    mutating func add(stylesheet css: [UInt8]) {
        CSSRules.forEach(in: css.prefix(TextEmphasisCSS.maximumStylesheetSize)) { add(rule: $0, $1) }
    }

    /// Takes one rule into the sets (`add(stylesheet:)`, and `EPUBPackage`'s one pass over
    /// each stylesheet).
    mutating func add(rule selectors: Substring, _ declarations: String) {
        guard declarations.lowercased().containsBytes("display"),
              let display = CSSRules.lastValue(of: "display", inDeclarations: Substring(declarations)) else { return }
        let hides = Self.isNone(display)
        for selector in selectors.split(separator: ",") {
            guard let (isID, name) = Self.navSelector(selector) else { continue }
            if hides {
                guard ids.count + classes.count < Self.maximumNames else { continue }
                if isID { ids.insert(name) } else { classes.insert(name) }
            } else if isID { ids.remove(name) } else { classes.remove(name) }
        }
    }

    /// Whether a `nav` with this `id` and `class` attribute is hidden by the stylesheets.
    func hides(id: String?, classes classList: String?) -> Bool {
        if let id, ids.contains(id) { return true }
        guard let classList, !classes.isEmpty else { return false }
        return classList.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { classes.contains(String($0)) }
    }

    /// Whether an element's own `style` declarations hide it (the last `display` says `none`).
    static func hidesInline(_ style: Substring) -> Bool {
        guard style.lowercased().containsBytes("display") else { return false }
        return CSSRules.lastValue(of: "display", inDeclarations: style).map(isNone) ?? false
    }

    private static func isNone(_ value: String) -> Bool {
        value == "none" || value == "none !important" || value == "none!important"
    }

    /// `#id`, `.class`, `nav#id`, `nav.class` → (is an id, the name); other selectors nil.
    private static func navSelector(_ selector: Substring) -> (Bool, String)? {
        var s = Substring(selector.trimmingCSSSpaces())
        if s.lowercased().hasPrefix("nav") { s = s.dropFirst(3) }
        guard let first = s.first, first == "#" || first == ".", s.count > 1 else { return nil }
        let name = s.dropFirst()
        guard CSSRules.isIdentifier(name) else { return nil }
        return (first == "#", String(name))
    }
}
