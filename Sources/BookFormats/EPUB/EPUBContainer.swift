/// `META-INF/container.xml`: where the package document (OPF) is.
enum EPUBContainer {
    static let entryName = "META-INF/container.xml"
    static let opfMediaType = "application/oebps-package+xml"

    /// The OPF paths listed by the container, in order, keeping only rootfiles whose
    /// media type is the OPF one (or missing).
    static func rootfiles(in data: [UInt8], epubPath: String) throws -> [String] {
        guard let tree = XMLTree.parseXML(data, name: entryName), let root = tree.root else {
            throw BookError.invalidEPUB(path: epubPath, reason: "META-INF/container.xml is not XML")
        }
        var paths: [String] = []
        for rootfile in XMLNode.descendants(root, named: "rootfile") {
            let mediaType = XMLNode.attribute(rootfile, "media-type")?.trimmingSpaces().lowercased() ?? ""
            guard mediaType.isEmpty || mediaType == opfMediaType else { continue }
            guard let fullPath = XMLNode.attribute(rootfile, "full-path")?.trimmingSpaces(), !fullPath.isEmpty else { continue }
            // full-path is relative to the container root and may be percent-encoded.
            if let resolved = EPUBPath.resolve(fullPath, relativeTo: "") { paths.append(resolved.path) }
        }
        return paths
    }
}
