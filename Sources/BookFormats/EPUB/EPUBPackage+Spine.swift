import TextContent

extension EPUBPackage {
    /// The spine's readable documents in reading order: each itemref's manifest item, or
    /// what its fallback chain leads to (`EPUBFallback`); a picture with no document on its
    /// chain is a picture page. An item the spine lists several times is read each time, as
    /// the spine says; different manifest items naming one file (hrefs with `#fragment`s, an
    /// invalid manifest) read it once, at its first place — `repeats` counts those.
    static func readableSpine(_ opf: EPUBPackageDocument, zip: ZipArchive, warnings: inout [String])
        -> (items: [EPUBSpineItem], repeats: Int) {
        var items: [EPUBSpineItem] = []
        var seen: [String: (index: Int, id: String)] = [:]
        var repeats = 0
        for ref in opf.spine {
            guard let listed = opf.manifest[ref.idref] else {
                warnings.append("spine item \(ref.idref) is not in the manifest; skipped")
                continue
            }
            guard listed.path != nil else { continue }   // outside the book: said by the manifest's reading
            let (choice, problems) = EPUBFallback.choose(listed, manifest: opf.manifest)
            warnings += problems
            let item: EPUBPackageDocument.Item, picture: Bool
            switch choice {
            case .document(let d): (item, picture) = (d, false)
            case .picture(let p): (item, picture) = (p, true)
            case .none(let reason):
                warnings.append("skipped \(listed.path ?? listed.href): \(reason)")
                continue
            }
            let entry = item.path ?? listed.href
            let found = zip.entry(named: entry)
            let name = found?.name ?? entry
            if let earlier = seen[name], earlier.id != item.id {
                if ref.linear { items[earlier.index].isLinear = true }
                repeats += 1
                continue
            }
            if seen[name] == nil { seen[name] = (items.count, item.id) }
            items.append(EPUBSpineItem(id: item.id, entryPath: name, mediaType: item.mediaType,
                                       isLinear: ref.linear, uncompressedSize: picture ? Self.pictureSize : Int(min(found?.entry.size ?? 0, ZipArchive.maxEntrySize)),
                                       isPresent: found != nil, isPrePaginated: ref.prePaginated || picture, isPicture: picture))
        }
        return (items, repeats)
    }

    /// A picture page's share of the size index (its text is one short block; the picture's
    /// bytes say nothing of reading time).
    static let pictureSize = 16

    /// A picture page: one image block ("[image]") of the picture at `entry`, on a page of
    /// its own.
    func buildPicturePage(_ item: EPUBSpineItem) -> DocumentResult {
        var builder = TextContentBuilder(metadata: metadata)
        builder.defineTarget(item.entryPath)
        builder.beginBlock(.image)
        builder.recordImage(source: item.entryPath)
        builder.append("[image]")
        builder.endBlock()
        builder.startPageAtFirstBlock()
        return DocumentResult(builder: builder)
    }
}
