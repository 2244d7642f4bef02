import CLibXML2
import TextContent

/// The parsed OPF package document: metadata, manifest and spine.
struct EPUBPackageDocument {
    /// One manifest item.
    struct Item: Equatable {
        var id: String
        /// The href as written.
        var href: String
        /// Entry path inside the container, or nil when the href escapes it or is external.
        var path: String?
        var mediaType: String
        var properties: [String]
        /// The `fallback` attribute: the manifest id of the item to show instead when this
        /// one cannot be (`EPUBFallback`).
        var fallback: String? = nil
    }

    /// One spine itemref.
    struct ItemRef {
        var idref: String
        var linear: Bool
        /// Whether the document is a fixed page: the package's layout, unless the itemref's
        /// `properties` say `rendition:layout-pre-paginated` or `rendition:layout-reflowable`.
        var prePaginated: Bool = false
    }

    var opfPath: String
    var version: String
    var title: String?
    var authors: [String] = []
    var language: String = ""
    var direction: TextDirection = .unspecified
    var manifest: [String: Item] = [:]
    var manifestOrder: [String] = []
    var spine: [ItemRef] = []
    /// The `toc` attribute of the spine (EPUB 2 NCX manifest id).
    var ncxId: String?
    /// The cover image's entry: the manifest item with `properties="cover-image"` (EPUB 3),
    /// else the image item `<meta name="cover" content="ID">` names (EPUB 2).
    var coverPath: String?
    /// Whether the package's `<meta property="rendition:layout">` is `pre-paginated`.
    var prePaginated = false
    var warnings: [String] = []

    /// Whether the book is fixed-layout: the package says `pre-paginated`, or every spine
    /// item does (`BookMetadata.fixedLayout`).
    var fixedLayout: Bool { prePaginated || (!spine.isEmpty && spine.allSatisfy(\.prePaginated)) }

    /// Parses the OPF at `opfPath`. Throws `invalidEPUB` when it is not usable XML or has
    /// no package/manifest/spine structure.
    init(data: [UInt8], opfPath: String, epubPath: String) throws {
        self.opfPath = opfPath
        guard let tree = XMLTree.parseXML(data, name: opfPath), let root = tree.root,
              XMLNode.isElement(root, "package") else {
            throw BookError.invalidEPUB(path: epubPath, reason: "the package document \(opfPath) is not valid XML")
        }
        let manifestNode = XMLNode.child(root, named: "manifest")
        let spineNode = XMLNode.child(root, named: "spine")
        if !tree.wellFormed {
            let detail = tree.firstError.map { " (\($0))" } ?? ""
            guard manifestNode != nil, spineNode != nil else {
                throw BookError.invalidEPUB(path: epubPath, reason: "the package document \(opfPath) is malformed XML\(detail)")
            }
            warnings.append("\(opfPath) is not well-formed XML\(detail); read what could be recovered")
        }
        guard let manifestNode else {
            throw BookError.invalidEPUB(path: epubPath, reason: "the package document \(opfPath) has no manifest")
        }
        guard let spineNode else {
            throw BookError.invalidEPUB(path: epubPath, reason: "the package document \(opfPath) has no spine")
        }
        version = XMLNode.attribute(root, "version")?.trimmingSpaces() ?? ""

        if let meta = XMLNode.child(root, named: "metadata") {
            // EPUB 2 may wrap Dublin Core in <dc-metadata>.
            let titles = XMLNode.descendants(meta, named: "title").map { XMLNode.textContent($0).collapsingSpaces() }
            title = titles.first { !$0.isEmpty }
            authors = XMLNode.descendants(meta, named: "creator").map { XMLNode.textContent($0).collapsingSpaces() }.filter { !$0.isEmpty }
            language = XMLNode.descendants(meta, named: "language").map { XMLNode.textContent($0).trimmingSpaces() }.first { !$0.isEmpty } ?? ""
        }

        for node in XMLNode.children(manifestNode, named: "item") {
            guard let id = XMLNode.attribute(node, "id")?.trimmingSpaces(),
                  let href = XMLNode.attribute(node, "href")?.trimmingSpaces(), !href.isEmpty else { continue }
            let resolved = EPUBPath.resolve(href, relativeTo: opfPath)
            if resolved == nil && !EPUBPath.isExternal(href) {
                warnings.append("manifest item \(id) (\(href)) points outside the book; ignored")
            }
            let properties = (XMLNode.attribute(node, "properties") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            let item = Item(id: id, href: href, path: resolved?.path,
                            mediaType: (XMLNode.attribute(node, "media-type") ?? "").trimmingSpaces().lowercased(),
                            properties: properties,
                            fallback: XMLNode.attribute(node, "fallback").map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 })
            if manifest[id] == nil { manifestOrder.append(id) }
            manifest[id] = item
        }

        ncxId = XMLNode.attribute(spineNode, "toc")?.trimmingSpaces()
        prePaginated = XMLNode.child(root, named: "metadata").map(Self.isPrePaginated) ?? false
        coverPath = Self.cover(root, manifest: manifest, order: manifestOrder)
        for node in XMLNode.children(spineNode, named: "itemref") {
            guard let idref = XMLNode.attribute(node, "idref")?.trimmingSpaces() else { continue }
            let linear = XMLNode.attribute(node, "linear")?.trimmingSpaces().lowercased() != "no"
            let properties = (XMLNode.attribute(node, "properties") ?? "").split(whereSeparator: \.isWhitespace)
            let layout = properties.contains("rendition:layout-pre-paginated") ? true
                : properties.contains("rendition:layout-reflowable") ? false : prePaginated
            spine.append(ItemRef(idref: idref, linear: linear, prePaginated: layout))
        }
        direction = Self.direction(spineNode, language: language, fixedLayout: fixedLayout)
    }

    /// The book's direction: the spine's `page-progression-direction`, else an RTL language's.
    /// A right-to-left CJK book reads left to right once laid out horizontally in a terminal,
    /// but a fixed-layout one (manga: pages of pictures) turns its pages right to left.
    private static func direction(_ spineNode: xmlNodePtr, language: String, fixedLayout: Bool) -> TextDirection {
        let primaryLanguage = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        switch XMLNode.attribute(spineNode, "page-progression-direction")?.trimmingSpaces().lowercased() {
        case "rtl" where !fixedLayout && ["zh", "ja", "ko", "mn"].contains(primaryLanguage):
            // Vertical CJK books turn pages right to left, but their text reads left to
            // right once laid out horizontally in a terminal.
            return .leftToRight
        case "rtl": return .rightToLeft
        case "ltr": return .leftToRight
        default:
            let rtlLanguages = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]
            return rtlLanguages.contains(primaryLanguage) ? .rightToLeft : .unspecified
        }
    }

    /// Whether `<metadata>` holds `<meta property="rendition:layout">pre-paginated</meta>`
    /// (the package-wide layout; a `refines` meta is about one item, not the package).
    private static func isPrePaginated(_ meta: xmlNodePtr) -> Bool {
        XMLNode.descendants(meta, named: "meta").contains { node in
            XMLNode.attribute(node, "property")?.trimmingSpaces() == "rendition:layout"
                && XMLNode.attribute(node, "refines") == nil
                && XMLNode.textContent(node).trimmingSpaces() == "pre-paginated"
        }
    }

    /// See `coverPath`.
    private static func cover(_ root: xmlNodePtr, manifest: [String: Item], order: [String]) -> String? {
        if let item = order.lazy.compactMap({ manifest[$0] }).first(where: { $0.properties.contains("cover-image") }) {
            return item.path
        }
        guard let meta = XMLNode.child(root, named: "metadata") else { return nil }
        for node in XMLNode.descendants(meta, named: "meta") where XMLNode.attribute(node, "name")?.trimmingSpaces() == "cover" {
            if let id = XMLNode.attribute(node, "content")?.trimmingSpaces(), let item = manifest[id],
               item.mediaType.lowercased().hasPrefix("image/") { return item.path }
        }
        return nil
    }

    /// Whether a media type (or, failing that, the file name) denotes a text document.
    static func isTextDocument(mediaType: String, path: String) -> Bool {
        switch mediaType {
        case "application/xhtml+xml", "text/html", "application/xml", "text/xml",
             "application/x-dtbook+xml", "text/x-oeb1-document", "image/svg+xml":
            return true
        default:
            let lower = path.lowercased()
            return lower.hasSuffix(".xhtml") || lower.hasSuffix(".html") || lower.hasSuffix(".htm")
        }
    }
}
