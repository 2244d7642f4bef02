import Dispatch
import Foundation
import TextContent

/// One readable document of the spine.
public struct EPUBSpineItem: Hashable, Sendable {
    /// Manifest id.
    public var id: String
    /// Entry path inside the container.
    public var entryPath: String
    /// Manifest media type.
    public var mediaType: String
    /// `false` for `linear="no"` items (still read in spine order).
    public var isLinear: Bool
    /// Declared uncompressed size in bytes (0 when the entry is missing): the size index
    /// used for whole-book progress before the document is parsed.
    public var uncompressedSize: Int
    /// Whether the entry exists in the archive.
    public var isPresent: Bool
}

/// An opened EPUB publication: container, package document, spine and table of contents,
/// without any content document parsed yet.
///
/// Opening is cheap (zip directory, `container.xml`, the OPF and the navigation document);
/// `document(at:)` parses one spine document into a standalone `TextContent`, and
/// `readAll()` builds the whole book (documents are parsed on two threads and concatenated
/// in spine order). The spine's uncompressed sizes give a whole-book progress estimate
/// before any chapter is parsed.
public final class EPUBPackage: @unchecked Sendable {
    /// The book file.
    public let path: String
    /// Entry path of the package document (OPF).
    public let packagePath: String
    /// Title, authors, language, version, direction.
    public let metadata: BookMetadata
    /// Readable spine documents in reading order.
    public let spine: [EPUBSpineItem]
    /// The table of contents (EPUB 3 nav preferred, else NCX), unresolved.
    public let toc: [EPUBTOCItem]
    /// Problems found while opening that did not stop it.
    public let warnings: [String]

    private let archive: ZipArchive
    private let lock = NSLock()

    /// Sum of the spine documents' uncompressed sizes.
    public var totalUncompressedSize: Int { spine.reduce(0) { $0 + $1.uncompressedSize } }

    /// Opens the book: zip directory, container, OPF and TOC. Throws a `BookError` for a
    /// missing, empty, non-zip or truncated file, a missing `container.xml`, a missing or
    /// malformed OPF, or a spine that lists no readable document.
    public init(path: String) throws {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BookError.unreadable(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw BookError.unreadable(path: path, reason: "is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
        if size == 0 { throw BookError.empty(path: path) }

        let zip = try ZipArchive(path: path)
        archive = zip
        var warnings: [String] = []
        if !zip.unsafeNames.isEmpty {
            let shown = zip.unsafeNames.prefix(3).joined(separator: ", ")
            warnings.append("ignored \(zip.unsafeNames.count) zip entr\(zip.unsafeNames.count == 1 ? "y" : "ies") with unsafe names (\(shown))")
        }

        // container.xml → the first rootfile that exists.
        guard zip.contains(EPUBContainer.entryName) else {
            throw BookError.invalidEPUB(path: path, reason: "META-INF/container.xml is missing")
        }
        let rootfiles = try EPUBContainer.rootfiles(in: try zip.read(EPUBContainer.entryName), epubPath: path)
        guard !rootfiles.isEmpty else {
            throw BookError.invalidEPUB(path: path, reason: "META-INF/container.xml names no package document")
        }
        guard let opfPath = rootfiles.first(where: { zip.contains($0) }) else {
            throw BookError.invalidEPUB(path: path, reason: "the package document \(rootfiles[0]) is missing")
        }
        if opfPath != rootfiles[0] { warnings.append("package document \(rootfiles[0]) is missing; using \(opfPath)") }
        packagePath = opfPath
        let opf = try EPUBPackageDocument(data: try zip.read(opfPath), opfPath: opfPath, epubPath: path)
        warnings += opf.warnings

        let fallbackTitle = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        metadata = BookMetadata(title: TextSanitizer.sanitize(opf.title ?? fallbackTitle),
                                authors: opf.authors.map(TextSanitizer.sanitize),
                                language: TextSanitizer.sanitize(opf.language), format: .epub, encoding: "UTF-8",
                                direction: opf.direction, version: opf.version)

        // Spine → readable documents.
        var items: [EPUBSpineItem] = []
        for ref in opf.spine {
            guard let item = opf.manifest[ref.idref] else {
                warnings.append("spine item \(ref.idref) is not in the manifest; skipped")
                continue
            }
            guard let entry = item.path else { continue }
            guard EPUBPackageDocument.isTextDocument(mediaType: item.mediaType, path: entry) else {
                warnings.append("skipped \(entry): \(item.mediaType) is not a text document")
                continue
            }
            let found = zip.entry(named: entry)
            items.append(EPUBSpineItem(id: item.id, entryPath: found?.name ?? entry, mediaType: item.mediaType,
                                       isLinear: ref.linear, uncompressedSize: Int(found?.entry.size ?? 0),
                                       isPresent: found != nil))
        }
        guard !items.isEmpty else {
            throw BookError.invalidEPUB(path: path, reason: "the spine lists no readable documents")
        }
        spine = items

        // TOC: EPUB 3 nav, else the NCX.
        var toc: [EPUBTOCItem] = []
        if let nav = opf.manifestOrder.lazy.compactMap({ opf.manifest[$0] }).first(where: { $0.properties.contains("nav") }),
           let navPath = nav.path, let data = try? zip.read(navPath) {
            toc = EPUBNavigation.navTOC(data, entryPath: zip.entry(named: navPath)?.name ?? navPath, warnings: &warnings)
        }
        if toc.isEmpty {
            let ncx = opf.ncxId.flatMap { opf.manifest[$0] }
                ?? opf.manifestOrder.lazy.compactMap({ opf.manifest[$0] }).first(where: { $0.mediaType == "application/x-dtbncx+xml" })
            if let ncx, let ncxPath = ncx.path, let data = try? zip.read(ncxPath) {
                toc = EPUBNavigation.ncxTOC(data, entryPath: zip.entry(named: ncxPath)?.name ?? ncxPath, warnings: &warnings)
            }
        }
        self.toc = toc.map { EPUBTOCItem(title: TextSanitizer.sanitize($0.title), level: $0.level, targetKey: $0.targetKey, href: $0.href) }
        self.warnings = warnings.map(TextSanitizer.sanitize)
    }

    // MARK: Documents

    /// The result of reading one spine document into its own builder.
    struct DocumentResult {
        var builder: TextContentBuilder
        var heading: String?
        var title: String?
        var error: BookError?
    }

    /// Reads and walks spine document `index` with `zip` (one archive per thread).
    func buildDocument(_ index: Int, zip: ZipArchive) -> DocumentResult {
        let item = spine[index]
        var builder = TextContentBuilder(metadata: metadata)
        builder.defineTarget(item.entryPath)
        let data: [UInt8]
        do {
            data = try zip.read(item.entryPath)
        } catch let error as BookError {
            builder.warn("skipped \(item.entryPath): \(Self.shortReason(error, entry: item.entryPath))")
            return DocumentResult(builder: builder, error: error)
        } catch {
            builder.warn("skipped \(item.entryPath): \(error)")
            return DocumentResult(builder: builder, error: .invalidEPUB(path: path, reason: "\(error)"))
        }
        guard let utf8 = Self.utf8Text(data, entry: item.entryPath, builder: &builder) else {
            builder.warn("skipped \(item.entryPath): the document is empty")
            return DocumentResult(builder: builder, error: .noReadableContent(path: path, reason: "\(item.entryPath) is empty"))
        }
        let walker = XHTMLWalker(builder: builder, entryPath: item.entryPath)
        let ok = utf8.withUnsafeBufferPointer { walker.parse($0) }
        if !ok {
            var b = walker.takeBuilder()
            b.warn("skipped \(item.entryPath): the document could not be parsed")
            return DocumentResult(builder: b, error: .noReadableContent(path: path, reason: "\(item.entryPath) could not be parsed"))
        }
        return DocumentResult(builder: walker.takeBuilder(), heading: walker.firstHeading, title: walker.documentTitle)
    }

    private static func shortReason(_ error: BookError, entry: String) -> String {
        switch error {
        case let .invalidEPUB(_, r) where r == "\(entry) is missing from the archive": return "missing from the archive"
        case let .invalidEPUB(_, r), let .limitExceeded(_, r), let .noReadableContent(_, r), let .notAnArchive(_, r): return r
        default: return error.message
        }
    }

    /// The document as UTF-8: UTF-16 (with BOM) and declared Latin-1/Windows-1252 are
    /// transcoded, invalid UTF-8 is repaired with U+FFFD (with a warning). Nil if empty.
    static func utf8Text(_ data: [UInt8], entry: String, builder: inout TextContentBuilder) -> [UInt8]? {
        if data.isEmpty { return nil }
        if data.count >= 2 && ((data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF)) {
            let s = String(data: Data(data), encoding: .utf16) ?? ""
            return s.isEmpty ? nil : Array(s.utf8)
        }
        // An XML declaration naming a single-byte encoding.
        if data.count > 5 && data[0] == UInt8(ascii: "<") && data[1] == UInt8(ascii: "?") {
            let head = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
            if let r = head.range(of: "encoding=") {
                let rest = head[r.upperBound...].dropFirst()
                let name = rest.prefix { $0 != "\"" && $0 != "'" }
                var enc: String.Encoding?
                switch name {
                case "iso-8859-1", "latin1", "latin-1": enc = .isoLatin1
                case "windows-1252", "cp1252": enc = .windowsCP1252
                default: break
                }
                if let enc, let s = String(data: Data(data), encoding: enc) { return Array(s.utf8) }
            }
        }
        if String(validating: data, as: UTF8.self) != nil { return data }
        builder.warn("\(entry) is not valid UTF-8; invalid bytes were replaced")
        return Array(String(decoding: data, as: UTF8.self).utf8)
    }

    /// Parses spine document `index` alone into a `TextContent` with one chapter (titled by
    /// its first heading, its `<title>`, or "Chapter N"). Links into other documents stay
    /// unresolved (`target == nil`). Throws a `BookError` when the document is unreadable.
    public func document(at index: Int) throws -> TextContent {
        precondition(spine.indices.contains(index), "spine index out of range")
        lock.lock()
        let result = buildDocument(index, zip: archive)
        lock.unlock()
        if let error = result.error { throw error }
        var b = result.builder
        b.addChapter(title: result.heading ?? result.title ?? "Chapter \(index + 1)", level: 1, at: .zero,
                     source: spine[index].entryPath)
        return b.finish()
    }

    // MARK: Whole book

    /// Reads every spine document and returns the whole book, with the TOC resolved and
    /// chapters taken from the TOC (or one per document). Documents that cannot be read are
    /// skipped with a warning; throws `noReadableContent` when none can be read.
    public func readAll(threads: Int = 2) throws -> TextContent {
        let n = spine.count
        var results = [DocumentResult?](repeating: nil, count: n)
        let workers = max(1, min(threads, n, ProcessInfo.processInfo.activeProcessorCount))
        if workers == 1 {
            lock.lock()
            for i in 0..<n { results[i] = buildDocument(i, zip: archive) }
            lock.unlock()
        } else {
            // Each worker opens its own archive handle (libzip handles are not thread-safe)
            // and takes the next document from a shared counter.
            let counter = NSLock()
            var next = 0
            results.withUnsafeMutableBufferPointer { out in
                let slots = out
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    guard let zip = try? ZipArchive(path: path) else { return }
                    while true {
                        counter.lock()
                        let i = next
                        next += 1
                        counter.unlock()
                        if i >= n { break }
                        slots[i] = buildDocument(i, zip: zip)
                    }
                }
            }
            // A worker that could not reopen the file leaves holes: fill them here.
            if results.contains(where: { $0 == nil }) {
                lock.lock()
                for i in 0..<n where results[i] == nil { results[i] = buildDocument(i, zip: archive) }
                lock.unlock()
            }
        }
        return try assemble(&results)
    }

    private func assemble(_ results: inout [DocumentResult?]) throws -> TextContent {
        var book = TextContentBuilder(metadata: metadata)
        for w in warnings { book.warn(w) }
        book.reserveCapacity(results.reduce(0) { $0 + ($1?.builder.bytes.count ?? 0) + 1 })
        var starts: [ByteOffset] = []
        var docTitles: [String] = []
        var readable = 0
        var firstError: BookError?
        for i in results.indices {
            guard let r = results[i] else { continue }
            results[i] = nil
            if r.error == nil { readable += 1 } else if firstError == nil { firstError = r.error }
            starts.append(book.append(r.builder))
            docTitles.append(r.heading ?? r.title ?? "Chapter \(i + 1)")
        }
        guard readable > 0 else {
            if case .limitExceeded? = firstError { throw firstError! }
            throw BookError.noReadableContent(path: path, reason: "none of the \(spine.count) documents of the spine could be read")
        }
        EPUBChapters.assign(to: &book, toc: toc, spine: spine, documentStarts: starts, documentTitles: docTitles,
                            present: results.indices.map { _ in true })
        for e in toc { book.addTOCEntry(title: e.title, level: e.level, targetKey: e.targetKey, source: e.href) }
        return book.finish()
    }
}
