import CLibXML2

/// One entry of an EPUB table of contents, before it is resolved against the text.
public struct EPUBTOCItem: Hashable, Sendable {
    /// The label shown to the user.
    public var title: String
    /// Depth, 1 for the top level.
    public var level: Int
    /// Target key `"entry/path.xhtml#fragment"` (or just the entry path).
    public var targetKey: String
    /// The href as written in the navigation document.
    public var href: String
}

/// Reads the table of contents from an EPUB 3 navigation document (`nav epub:type="toc"`)
/// or an EPUB 2 NCX (`navMap/navPoint`). Prefixed element names are accepted.
enum EPUBNavigation {
    /// Nesting deeper than this is flattened into the last level.
    static let maxLevel = 32

    /// Entries of the `toc` nav of an XHTML navigation document at `entryPath`.
    static func navTOC(_ data: [UInt8], entryPath: String, warnings: inout [String]) -> [EPUBTOCItem] {
        guard let tree = XMLTree.parseHTML(data, name: entryPath), let root = tree.root else { return [] }
        let navs = XMLNode.descendants(root, named: "nav")
        func types(_ n: xmlNodePtr) -> [Substring] {
            ((XMLNode.attribute(n, "type", prefix: "epub") ?? "") + " " + (XMLNode.attribute(n, "role") ?? ""))
                .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        }
        guard let nav = navs.first(where: { types($0).contains("toc") || types($0).contains("doc-toc") }) else { return [] }
        guard let list = XMLNode.descendants(nav, named: "ol").first ?? XMLNode.descendants(nav, named: "ul").first else { return [] }
        var items: [EPUBTOCItem] = []
        // Explicit stack of (list element, level), processed in document order.
        var stack: [(node: xmlNodePtr, level: Int)] = []
        func pushItems(of list: xmlNodePtr, level: Int) {
            for li in XMLNode.children(list, named: "li").reversed() { stack.append((li, level)) }
        }
        pushItems(of: list, level: 1)
        while let (li, level) = stack.popLast() {
            let kids = XMLNode.children(li)
            let label = kids.first { XMLNode.isElement($0, "a") || XMLNode.isElement($0, "span") }
            let anchor: xmlNodePtr? = label.flatMap { XMLNode.isElement($0, "a") ? $0 : XMLNode.descendants($0, named: "a").first }
            let title = label.map(Self.label) ?? ""
            var nestedLists = kids.filter { XMLNode.isElement($0, "ol") || XMLNode.isElement($0, "ul") }
            if let a = anchor, let href = XMLNode.attribute(a, "href") {
                if let resolved = EPUBPath.resolve(href, relativeTo: entryPath) {
                    items.append(EPUBTOCItem(title: title.isEmpty ? resolved.key : title, level: level,
                                             targetKey: resolved.key, href: href))
                } else if !EPUBPath.isExternal(href) {
                    warnings.append("table of contents entry \"\(title)\" (\(href)) points outside the book; ignored")
                }
            } else if !title.isEmpty, let first = firstLink(in: nestedLists, entryPath: entryPath) {
                // A heading without a link (<span>): point it at its first child entry.
                items.append(EPUBTOCItem(title: title, level: level, targetKey: first.key, href: first.href))
            }
            nestedLists.reverse()
            for l in nestedLists { pushItems(of: l, level: min(level + 1, maxLevel)) }
        }
        return items
    }

    /// An entry's label (EPUB 3.3 nav: the text of its `a` or `span`, else the alternative
    /// text of what it holds): its text, else the `alt` of an image in it, else its
    /// `aria-label`, else its `title`; "" when it has none (the entry is then listed by its
    /// target).
    static func label(_ node: xmlNodePtr) -> String {
        let text = XMLNode.textContent(node).collapsingSpaces()
        if !text.isEmpty { return text }
        for image in XMLNode.descendants(node, named: "img") {
            if let alt = XMLNode.attribute(image, "alt")?.collapsingSpaces(), !alt.isEmpty { return alt }
        }
        for name in ["aria-label", "title"] {
            if let value = XMLNode.attribute(node, name)?.collapsingSpaces(), !value.isEmpty { return value }
        }
        return ""
    }

    private static func firstLink(in lists: [xmlNodePtr], entryPath: String) -> (key: String, href: String)? {
        for l in lists {
            for a in XMLNode.descendants(l, named: "a") {
                if let href = XMLNode.attribute(a, "href"), let r = EPUBPath.resolve(href, relativeTo: entryPath) {
                    return (r.key, href)
                }
            }
        }
        return nil
    }

    /// Entries of an EPUB 2 NCX at `entryPath`.
    static func ncxTOC(_ data: [UInt8], entryPath: String, warnings: inout [String]) -> [EPUBTOCItem] {
        guard let tree = XMLTree.parseXML(data, name: entryPath), let root = tree.root,
              let navMap = XMLNode.descendants(root, named: "navMap").first else { return [] }
        var items: [EPUBTOCItem] = []
        var stack: [(node: xmlNodePtr, level: Int)] = []
        for p in XMLNode.children(navMap, named: "navPoint").reversed() { stack.append((p, 1)) }
        while let (point, level) = stack.popLast() {
            let label = XMLNode.child(point, named: "navLabel").flatMap { XMLNode.child($0, named: "text") }
            let title = label.map { XMLNode.textContent($0).collapsingSpaces() } ?? ""
            if let content = XMLNode.child(point, named: "content"), let src = XMLNode.attribute(content, "src") {
                if let resolved = EPUBPath.resolve(src, relativeTo: entryPath) {
                    items.append(EPUBTOCItem(title: title.isEmpty ? resolved.key : title, level: level,
                                             targetKey: resolved.key, href: src))
                } else if !EPUBPath.isExternal(src) {
                    warnings.append("table of contents entry \"\(title)\" (\(src)) points outside the book; ignored")
                }
            }
            for p in XMLNode.children(point, named: "navPoint").reversed() { stack.append((p, min(level + 1, maxLevel))) }
        }
        return items
    }
}
