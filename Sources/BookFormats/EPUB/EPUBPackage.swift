import Glibc
import Support
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
    /// Declared uncompressed size in bytes (0 when the entry is missing), capped at the
    /// entry size limit (a larger entry is never read): the size index used for whole-book
    /// progress before the document is parsed. Declared by the zip, so not trusted for
    /// allocations.
    public var uncompressedSize: Int
    /// Whether the entry exists in the archive.
    public var isPresent: Bool
    /// Whether the document is a fixed-layout page (`rendition:layout` pre-paginated, for
    /// the package or this itemref): its first block starts a new page.
    public var isPrePaginated: Bool = false
    /// Whether the item is a picture shown as a page of its own (an image in the spine
    /// with no content document on its fallback chain, `EPUBFallback`).
    public var isPicture: Bool = false
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
    /// The table of contents (EPUB 3 nav preferred, else NCX), unresolved; read when first
    /// asked (a book opened from one chapter does not wait for a 2,000-entry nav).
    public var toc: [EPUBTOCItem] { contents().items }
    /// Problems found while opening that did not stop it (and while reading the contents).
    public var warnings: [String] { openingWarnings + contents().warnings }
    private let openingWarnings: [String]
    /// The navigation document and the NCX the contents come from (entry paths).
    private let contentsSources: (nav: String?, ncx: String?)
    private var readContents: (items: [EPUBTOCItem], warnings: [String])?
    private let contentsLock = Lock()
    /// Whether the manifest lists an image (the book may show pictures).
    public let hasImages: Bool

    /// Largest sum of the spine documents' uncompressed sizes (1 GiB): with the per-entry
    /// limit (`ZipArchive.maxEntrySize`, 256 MiB) and the ratio limit, it bounds the memory
    /// and time one book can take, and keeps the text well under `TextContent`'s 4 GiB.
    public static let maxTotalUncompressedSize: UInt64 = 1 << 30

    private let archive: ZipArchive
    /// The classes the book's stylesheets give emphasis marks (`TextEmphasisCSS`).
    let emphasisClasses: [String: EmphasisMark]
    /// The `nav`s the book's stylesheets hide (`HiddenNavigationCSS`).
    let hiddenNavigation: HiddenNavigationCSS
    /// The classes whose text the stylesheets set upright in vertical text (`WritingModeCSS`).
    let uprightClasses: Set<String>
    /// The classes the stylesheets give a writing mode (true vertical, `.vrtl`; false
    /// horizontal, `.hltr`), read from each document's root for its own mode; empty unless
    /// the book is Chinese or Japanese and reflowable (`WritingModeCSS`).
    let modeClasses: [String: Bool]
    /// Whether the stylesheets set the root (`html`, `body`) vertical: the mode of a
    /// document whose root has no mode class.
    let rootVertical: Bool
    private let lock = Lock()
    /// Size of the book file in bytes.
    let fileSize: Int

    /// Sum of the spine documents' (declared, capped) uncompressed sizes.
    public var totalUncompressedSize: Int { spine.reduce(0) { $0 + $1.uncompressedSize } }

    /// Opens the book: zip directory, container, OPF and TOC. Throws a `BookError` for a
    /// missing, empty, non-zip or truncated file, a missing `container.xml`, a missing or
    /// malformed OPF, or a spine that lists no readable document.
    public init(path: String) throws {
        self.path = path
        try BookLoader.checkFile(path: path)
        let size = Self.linkSize(path)
        if size == 0 { throw BookError.empty(path: path) }
        fileSize = max(size, 0)

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
        let styles = Self.styles(opf, zip: zip)
        (emphasisClasses, hiddenNavigation, uprightClasses) = (styles.emphasis, styles.hiddenNavigation, styles.upright)
        modeClasses = !opf.fixedLayout && Self.isCJK(opf.language) ? styles.modeClasses : [:]
        rootVertical = styles.vertical
        hasImages = opf.manifest.values.contains { $0.mediaType.lowercased().hasPrefix("image/") }

        let fallbackTitle = PathNames.stem(FilePath.lastComponent(path))
        metadata = BookMetadata(title: TextSanitizer.sanitizeLabel(opf.title ?? fallbackTitle),
                                authors: opf.authors.map(TextSanitizer.sanitizeLabel),
                                language: TextSanitizer.sanitizeLabel(opf.language), format: .epub,
                                direction: opf.direction, version: opf.version, cover: opf.coverPath, fixedLayout: opf.fixedLayout,
                                verticalWriting: !opf.fixedLayout && Self.isCJK(opf.language)
                                    && (styles.vertical || Self.documentsUseVerticalClass(styles.modeClasses, opf: opf, zip: zip)))

        // Spine → readable documents (fallbacks followed, repeats kept).
        let (items, repeats) = Self.readableSpine(opf, zip: zip, warnings: &warnings)
        guard !items.isEmpty else {
            throw BookError.invalidEPUB(path: path, reason: "the spine lists no readable documents")
        }
        // Entries are never read past their declared size, so the declared sizes bound the
        // work: a book whose documents add up to more than the limit is refused up front.
        let declared = items.reduce(UInt64(0)) { $0 + UInt64($1.uncompressedSize) }
        if declared > EPUBPackage.maxTotalUncompressedSize {
            throw BookError.limitExceeded(path: path, reason: "the spine's documents are \(declared >> 20) MiB uncompressed (limit \(EPUBPackage.maxTotalUncompressedSize >> 20) MiB)")
        }
        if repeats > 0 {
            warnings.append("\(repeats) spine item\(repeats == 1 ? " names" : "s name") a document another manifest item already put in the spine; each such document is read once")
        }
        spine = items

        // TOC: EPUB 3 nav, else the NCX (read when first asked).
        contentsSources = Self.contentsSources(opf)
        openingWarnings = warnings.map(TextSanitizer.sanitize)
    }

    /// The contents and the warnings reading them gave, read once.
    private func contents() -> (items: [EPUBTOCItem], warnings: [String]) {
        contentsLock.lock()
        defer { contentsLock.unlock() }
        if let known = readContents { return known }
        var warnings: [String] = []
        let items = withArchive { Self.readTOC(contentsSources, zip: $0, warnings: &warnings) }
        let found = (items.map { EPUBTOCItem(title: TextSanitizer.sanitizeLabel($0.title), level: $0.level, targetKey: $0.targetKey, href: $0.href) },
                     warnings.map(TextSanitizer.sanitize))
        readContents = found
        return found
    }

    /// The entry paths of the EPUB 3 navigation document and of the NCX, when listed.
    private static func contentsSources(_ opf: EPUBPackageDocument) -> (nav: String?, ncx: String?) {
        let nav = opf.manifestOrder.lazy.compactMap({ opf.manifest[$0] }).first(where: { $0.properties.contains("nav") })?.path
        let ncx = opf.ncxId.flatMap { opf.manifest[$0] }
            ?? opf.manifestOrder.lazy.compactMap({ opf.manifest[$0] }).first(where: { $0.mediaType == "application/x-dtbncx+xml" })
        return (nav, ncx?.path)
    }

    /// The table of contents: the EPUB 3 navigation document, else the NCX (unresolved).
    private static func readTOC(_ sources: (nav: String?, ncx: String?), zip: ZipArchive, warnings: inout [String]) -> [EPUBTOCItem] {
        var toc: [EPUBTOCItem] = []
        if let navPath = sources.nav {
            do {
                let data = try zip.read(navPath)
                toc = EPUBNavigation.navTOC(data, entryPath: zip.entry(named: navPath)?.name ?? navPath, warnings: &warnings)
            } catch let e as BookError {
                warnings.append("navigation document \(navPath) unreadable: \(Self.shortReason(e, entry: navPath))")
            } catch {
                warnings.append("navigation document \(navPath) unreadable: \(error)")
            }
        }
        if toc.isEmpty, let ncxPath = sources.ncx, let data = try? zip.read(ncxPath) {
            toc = EPUBNavigation.ncxTOC(data, entryPath: zip.entry(named: ncxPath)?.name ?? ncxPath, warnings: &warnings)
        }
        return toc
    }

    // MARK: Documents

    /// The result of reading one spine document into its own builder.
    struct DocumentResult {
        var builder: TextContentBuilder
        var heading: String?
        var title: String?
        var error: BookError?
        /// The document's own writing mode, from the classes on its root (nil: none said;
        /// `EPUBPackage.writingMode(of:)` is what the book makes of it).
        var verticalWriting: Bool?

        /// The document's chapter title: its first heading, else its `<title>`, else
        /// "Chapter N" for the `number`th document (1-based).
        func chapterTitle(number: Int) -> String { heading ?? title ?? "Chapter \(number)" }
    }

    /// Reads and walks spine document `index` with `zip` (one archive per thread).
    func buildDocument(_ index: Int, zip: ZipArchive) -> DocumentResult {
        let item = spine[index]
        if item.isPicture { return buildPicturePage(item) }
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
        let walker = XHTMLWalker(builder: builder, entryPath: item.entryPath, emphasisClasses: emphasisClasses,
                                 hiddenNavigation: hiddenNavigation, uprightClasses: uprightClasses)
        walker.requiresWellFormedXML = item.mediaType.lowercased() == "application/xhtml+xml"
        let ok = utf8.withUnsafeBufferPointer { walker.parse($0) }
        if !ok {
            var b = walker.takeBuilder()
            b.warn("skipped \(item.entryPath): the document could not be parsed")
            return DocumentResult(builder: b, error: .noReadableContent(path: path, reason: "\(item.entryPath) could not be parsed"))
        }
        var walked = walker.takeBuilder()
        // A fixed page starts a page; so does the text after a picture page (the picture
        // keeps its page to itself).
        if item.isPrePaginated || (index > 0 && spine[index - 1].isPicture) { walked.startPageAtFirstBlock() }
        return DocumentResult(builder: walked, heading: walker.firstHeading, title: walker.documentTitle,
                              verticalWriting: Self.rootMode(of: utf8, classes: modeClasses).map { $0 > 0 })
    }

    /// Most stylesheets read for emphasis classes, and the largest one read.
    static let maxStylesheets = 64
    static let maxStylesheetSize = 1 << 20

    /// What the manifest's stylesheets (`text/css`, in manifest order: a later rule wins)
    /// say that the reader follows: the emphasis classes (`TextEmphasisCSS`) and the ids and
    /// classes of hidden `nav`s (`HiddenNavigationCSS`), the writing modes and upright
    /// classes (`WritingModeCSS`) — each stylesheet's rules read once, every rule offered to
    /// each. Every stylesheet applies to every document (one table for the book); unreadable
    /// or oversized ones are passed over silently: they only style.
    private static func styles(_ opf: EPUBPackageDocument, zip: ZipArchive)
        -> (emphasis: [String: EmphasisMark], hiddenNavigation: HiddenNavigationCSS, vertical: Bool, upright: Set<String>,
            modeClasses: [String: Bool]) {
        var classes: [String: EmphasisMark] = [:]
        var hidden = HiddenNavigationCSS()
        var vertical: Bool?
        var upright = Set<String>()
        var modeClasses: [String: Bool] = [:]
        let sheets = opf.manifestOrder.lazy.compactMap { opf.manifest[$0] }.filter { $0.mediaType.lowercased() == "text/css" }
        for item in sheets.prefix(maxStylesheets) {
            guard let path = item.path, let found = zip.entry(named: path), found.entry.size <= UInt64(maxStylesheetSize),
                  let data = try? zip.read(found.name) else { continue }
            CSSRules.forEach(in: data.prefix(TextEmphasisCSS.maximumStylesheetSize)) { selectors, declarations in
                TextEmphasisCSS.apply(selectors: selectors, declarations: declarations, to: &classes)
                hidden.add(rule: selectors, declarations)
                vertical = WritingModeCSS.rootMode(rule: selectors, declarations) ?? vertical
                WritingModeCSS.addUpright(rule: selectors, declarations, to: &upright)
                WritingModeCSS.addModeClasses(rule: selectors, declarations, to: &modeClasses)
            }
        }
        return (classes, hidden, vertical ?? false, upright, modeClasses)
    }

    /// The size `lstat` gives `path`, -1 when it fails. Not followed through a symbolic
    /// link, as FileManager's `attributesOfItem` (which this replaces) did not follow it:
    /// a linked book's `fileSize`, which bounds `Assembler`'s reservation, is the link's
    /// own, and an empty linked file is not refused here as empty (`BookLoader.format`
    /// refuses it before a book is opened).
    private static func linkSize(_ path: String) -> Int { FileSystem.entrySize(path) ?? -1 }

    /// Whether the first text documents of the spine (up to 4) mostly carry, on their `<html>`
    /// or `<body>`, a class the stylesheets set vertical (`.vrtl`) rather than horizontal
    /// (`.hltr`), each weighed by its size (the estimate before the whole book is read, whose
    /// mode is that of most of its text). Read only for a Chinese or Japanese book whose
    /// stylesheets have such classes.
    private static func documentsUseVerticalClass(_ modeClasses: [String: Bool], opf: EPUBPackageDocument, zip: ZipArchive) -> Bool {
        guard modeClasses.values.contains(true) else { return false }
        var votes = 0
        let documents = opf.spine.lazy.compactMap { opf.manifest[$0.idref] }
            .filter { $0.path != nil && EPUBFallback.isContentDocument($0) && $0.mediaType != "image/svg+xml" }
        for item in documents.prefix(4) {
            guard let data = try? zip.read(item.path!) else { continue }
            votes += (rootMode(of: data, classes: modeClasses) ?? 0).signum() * data.count   // weighed by size, as the whole book's mode is
        }
        return votes > 0
    }

    /// A document's writing mode in this book: what the classes on its root say, else the
    /// stylesheets' root rule; nil when the book has no mode classes (it is one way). The
    /// whole parse and a first part both read documents' modes through it.
    func writingMode(of document: DocumentResult) -> Bool? {
        modeClasses.isEmpty ? nil : document.verticalWriting ?? rootVertical
    }

    /// What the classes on a document's `<html>` and `<body>` say of its writing mode:
    /// the vertical ones less the horizontal ones (positive: vertical); nil when none of
    /// them has a mode (or they cancel out).
    static func rootMode(of document: [UInt8], classes: [String: Bool]) -> Int? {
        guard !classes.isEmpty else { return nil }
        var votes = 0
        for name in WritingModeCSS.rootClasses(of: document) {
            if let vertical = classes[name] { votes += vertical ? 1 : -1 }
        }
        return votes == 0 ? nil : votes
    }

    /// Whether a language tag is Chinese or Japanese (the languages set vertically).
    static func isCJK(_ language: String) -> Bool {
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return ["ja", "zh", "jpn", "zho", "chi"].contains(primary)
    }

    private static func shortReason(_ error: BookError, entry: String) -> String {
        switch error {
        case let .invalidEPUB(_, r) where r == "\(entry) is missing from the archive": return "missing from the archive"
        case let .invalidEPUB(_, r) where r.hasPrefix("\(entry): "): return String(r.dropFirst(entry.count + 2))
        case let .invalidEPUB(_, r), let .limitExceeded(_, r), let .noReadableContent(_, r), let .notAnArchive(_, r): return r
        default: return error.message
        }
    }

    /// The document as UTF-8: UTF-16 (with BOM) and declared Latin-1/Windows-1252 are
    /// transcoded, invalid UTF-8 is repaired with U+FFFD (with a warning). Nil if empty.
    static func utf8Text(_ data: [UInt8], entry: String, builder: inout TextContentBuilder) -> [UInt8]? {
        if data.isEmpty { return nil }
        if data.count >= 2 && ((data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF)) {
            let utf8 = DocumentTranscoding.utf8(fromUTF16: data) ?? []
            return utf8.isEmpty ? nil : utf8
        }
        // An XML declaration naming a single-byte encoding.
        if data.count > 5 && data[0] == UInt8(ascii: "<") && data[1] == UInt8(ascii: "?"),
           let encoding = declaredSingleByteEncoding(data),
           let utf8 = encoding == .latin1 ? DocumentTranscoding.utf8(fromLatin1: data) : DocumentTranscoding.utf8(fromWindows1252: data) {
            return utf8
        }
        var text = data
        if !UTF8Validation.isValid(text) {
            builder.warn("\(entry) is not valid UTF-8; invalid bytes were replaced")
            text = Array(String(decoding: data, as: UTF8.self).utf8)
        }
        blankEscapeSequences(&text)
        return text
    }

    /// The single-byte encodings an XML declaration may name that are read.
    private enum SingleByteEncoding { case latin1, windows1252 }

    /// A Latin-1 / Windows-1252 encoding named by an XML declaration, if any.
    private static func declaredSingleByteEncoding(_ data: [UInt8]) -> SingleByteEncoding? {
        let head = Array(data.prefix(200))
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let decl = String(decoding: head[..<end], as: UTF8.self).lowercased()
        guard let r = decl.firstByteRange(of: "encoding=") else { return nil }
        let name = decl[r.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
        switch name {
        case "iso-8859-1", "latin1", "latin-1": return .latin1
        case "windows-1252", "cp1252": return .windows1252
        default: return nil
        }
    }

    /// Overwrites terminal escape sequences (ESC or C1 CSI/OSC/DCS/… and their payload) in
    /// raw markup with spaces of the same length, before libxml2 sees them: libxml2 drops
    /// a bare ESC but would keep its payload ("[31m") as text. Same length, so source
    /// offsets stay exact. Anything left over is removed later by `TextSanitizer`.
    static func blankEscapeSequences(_ data: inout [UInt8]) {
        let found: Bool = data.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return false }
            if memchr(base, 0x1B, buf.count) != nil { return true }
            // C1 controls: C2 80…C2 9F.
            var from = 0
            while from < buf.count, let hit = memchr(base + from, 0xC2, buf.count - from) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if i + 1 < buf.count && base[i + 1] >= 0x80 && base[i + 1] <= 0x9F { return true }
                from = i + 1
            }
            return false
        }
        guard found else { return }
        let n = data.count
        var i = 0
        while i < n {
            guard let end = TextSanitizer.escapeSequenceEnd(in: data, at: i, stopAt: UInt8(ascii: "<")) else {
                i += 1
                continue
            }
            // Never blank markup: stop at the next '<'.
            var j = i
            while j < end && (j == i || data[j] != UInt8(ascii: "<")) { data[j] = 0x20; j += 1 }
            i = j
        }
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
        b.addChapter(title: result.chapterTitle(number: index + 1), level: 1, at: .zero,
                     source: spine[index].entryPath)
        return b.finish()
    }

    /// Runs `body` with the package's own archive handle, under its lock.
    func withArchive<T>(_ body: (ZipArchive) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(archive)
    }

    // MARK: Whole book

    /// Reads every spine document and returns the whole book, with the TOC resolved and
    /// chapters taken from the TOC (or one per document). Documents that cannot be read are
    /// skipped with a warning; throws `noReadableContent` when none can be read.
    public func readAll(threads: Int = 2) throws -> TextContent {
        let n = spine.count
        let workers = max(1, min(threads, n, ActiveProcessors.count()))
        if workers == 1 {
            var assembler = Assembler(package: self)
            lock.lock()
            for i in 0..<n { assembler.add(buildDocument(i, zip: archive)) }
            lock.unlock()
            return try assembler.finish()
        }
        // Each worker opens its own archive handle (libzip handles are not thread-safe),
        // takes the next document from a shared counter, and hands its result to the
        // assembler, which concatenates finished documents in spine order as soon as they
        // are contiguous — so at most a few documents' fragments are alive at once. The
        // assembler goes straight into the shared state: a second reference to it would
        // make its first append copy the builder's buffers, without their reservation.
        let work = SharedWork(assembler: Assembler(package: self), documents: n)
        Threads.concurrentPerform(iterations: workers) { _ in
            let zip = try? ZipArchive(path: self.path)
            while let i = work.take() {
                let result = if let zip { self.buildDocument(i, zip: zip) } else { self.withArchive { self.buildDocument(i, zip: $0) } }
                work.hand(result, of: i)
            }
        }
        return try work.assembler.finish()
    }

    /// What `readAll`'s workers share, under its lock: the next document to take, the
    /// results not yet in spine order, and the assembler.
    private final class SharedWork: @unchecked Sendable {
        private let lock = Lock()
        private var next = 0
        private var pending: [DocumentResult?]
        private var merged = 0
        var assembler: Assembler

        init(assembler: Assembler, documents: Int) {
            self.assembler = assembler
            pending = [DocumentResult?](repeating: nil, count: documents)
        }

        /// The next document to read, nil when every one is taken.
        func take() -> Int? {
            lock.withLock {
                let i = next
                next += 1
                return i < pending.count ? i : nil
            }
        }

        /// Document `i`'s result; every result now contiguous with those merged goes to
        /// the assembler.
        func hand(_ result: DocumentResult, of i: Int) {
            lock.withLock {
                pending[i] = result
                while merged < pending.count, let r = pending[merged] {
                    pending[merged] = nil
                    assembler.add(r)
                    merged += 1
                }
            }
        }
    }

    /// Concatenates document fragments in spine order, then decides chapters and the TOC.
    private struct Assembler {
        let package: EPUBPackage
        var book: TextContentBuilder
        var starts: [ByteOffset] = []
        var titles: [String] = []
        var readableFlags: [Bool] = []
        var modes: [Bool?] = []
        var readable = 0
        var firstError: BookError?

        init(package: EPUBPackage) {
            self.package = package
            book = TextContentBuilder(metadata: package.metadata)
            for w in package.warnings { book.warn(w) }
            // Text is shorter than its markup: the spine's size is an upper bound in
            // practice, and untouched reserved pages cost no memory. But the sizes are
            // declared by the zip: a 4 KB file can claim gigabytes (found by fuzzing), so
            // the reservation is also bounded by what the file could really inflate to.
            book.reserveCapacity(min(package.totalUncompressedSize, 8 * package.fileSize + (1 << 20)))
        }

        mutating func add(_ r: DocumentResult) {
            if r.error == nil { readable += 1 } else if firstError == nil { firstError = r.error }
            starts.append(book.append(r.builder))
            readableFlags.append(r.error == nil)
            modes.append(package.writingMode(of: r))
            titles.append(r.chapterTitle(number: starts.count))
        }

        mutating func finish() throws -> TextContent {
            guard readable > 0 else {
                if case .limitExceeded? = firstError { throw firstError! }
                throw BookError.noReadableContent(path: package.path,
                    reason: "none of the \(package.spine.count) documents of the spine could be read")
            }
            // The book's mode: the estimate from its first documents, unless their classes
            // say otherwise for most of the text. Without mode classes (every book but a
            // Chinese or Japanese one that has them) the documents are all the book's way.
            let sizes = zip(starts, starts.dropFirst().map(\.rawValue) + [book.offsetOfNextText.rawValue]).map { $1 - $0.rawValue }
            let bookMode = package.modeClasses.isEmpty ? package.metadata.verticalWriting
                : EPUBChapters.WritingModes.majority(modes.map { $0! }, sizes: sizes, tie: package.metadata.verticalWriting)
            book.metadata.verticalWriting = bookMode
            let modes = EPUBChapters.WritingModes(book: bookMode, documents: modes, readable: readableFlags)
            EPUBChapters.assign(to: &book, toc: package.toc, spine: package.spine, documentStarts: starts,
                                documentTitles: titles, readable: readableFlags, modes: modes)
            for e in package.toc { book.addTOCEntry(title: e.title, level: e.level, targetKey: e.targetKey, source: e.href) }
            var content = book.finish()
            modes.mark(&content.chapters, documentStarts: starts)
            return content
        }
    }
}
