/// Which manifest item a spine item is shown as (EPUB 3.3, "Manifest fallbacks"; OPF 2.0.1
/// §2.3.1.1): a spine item that is not a content document names, with `fallback`, another
/// manifest item to show instead, which may name another, and so on.
///
/// The chain from the spine's item is followed (each id once: a loop ends it) and the
/// first **content document** on it is shown — XHTML or SVG (and EPUB 2's DTBook and OEB
/// documents). A scripted document that names a fallback counts as the reading system
/// without scripting it is: its fallback is preferred. When the chain has no content
/// document, the first item the reader can still read as text is taken (HTML, or XML by
/// its file name: real books label their XHTML `text/html` or `application/xml`), then
/// the first picture, shown as a page of its own (a picture book's pages).
enum EPUBFallback {
    /// What a spine item is shown as.
    enum Choice: Equatable {
        /// This manifest item's document.
        case document(EPUBPackageDocument.Item)
        /// This picture, as a page of its own.
        case picture(EPUBPackageDocument.Item)
        /// Nothing on the chain can be shown; the reason, for the warning.
        case none(String)
    }

    /// Longest chain followed (a manifest can hold a chain through every item; this bounds
    /// the work per spine item).
    static let maxSteps = 64

    /// The choice for the spine item `start`, with the problems met on its chain (an id not
    /// in the manifest, a loop).
    static func choose(_ start: EPUBPackageDocument.Item, manifest: [String: EPUBPackageDocument.Item])
        -> (choice: Choice, warnings: [String]) {
        let (chain, warnings) = self.chain(from: start, manifest: manifest)
        if let document = chain.first(where: { isContentDocument($0) && !($0.isScripted && $0.fallback != nil) })
            ?? chain.first(where: isContentDocument) {
            return (.document(document), warnings)
        }
        if let text = chain.first(where: { EPUBPackageDocument.isTextDocument(mediaType: $0.mediaType, path: $0.path ?? $0.href) }) {
            return (.document(text), warnings)
        }
        if let picture = chain.first(where: isPicture) {
            return (.picture(picture), warnings)
        }
        let types = chain.map(\.mediaType).map { $0.isEmpty ? "no media type" : $0 }
        let reason = chain.count == 1 ? "\(types[0]) is not a text document"
            : "no text document on its fallback chain (\(types.joined(separator: " → ")))"
        return (.none(reason), warnings)
    }

    /// The items from `start` along its `fallback`s, each once, those with a path in the book.
    private static func chain(from start: EPUBPackageDocument.Item, manifest: [String: EPUBPackageDocument.Item])
        -> (items: [EPUBPackageDocument.Item], warnings: [String]) {
        var items = [start], warnings: [String] = []
        var seen: Set<String> = [start.id]
        var current = start
        while let next = current.fallback, items.count < maxSteps {
            guard let item = manifest[next] else {
                warnings.append("manifest item \(current.id) names fallback \(next), which is not in the manifest")
                break
            }
            guard seen.insert(next).inserted else {
                warnings.append("the fallback chain of manifest item \(start.id) loops at \(next); followed once")
                break
            }
            items.append(item)
            current = item
        }
        return (items.filter { $0.path != nil }, warnings)
    }

    /// EPUB content documents: XHTML and SVG (EPUB 3), DTBook and OEB 1 documents (EPUB 2).
    static func isContentDocument(_ item: EPUBPackageDocument.Item) -> Bool {
        ["application/xhtml+xml", "image/svg+xml", "application/x-dtbook+xml", "text/x-oeb1-document"].contains(item.mediaType)
    }

    /// A raster picture the reader can show (`Images` decodes these).
    static func isPicture(_ item: EPUBPackageDocument.Item) -> Bool {
        ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"].contains(item.mediaType)
    }
}

extension EPUBPackageDocument.Item {
    /// Whether the manifest says the document runs scripts (`properties="scripted"`).
    var isScripted: Bool { properties.contains("scripted") }
}
