import CMobi
import Glibc
import Support
import TextContent

/// MOBI 6, KF8 (AZW3), combined MOBI 6 + KF8 and PalmDOC (`TEXtREAd`) books →
/// `TextContent`, through libmobi.
///
/// The file is read into memory and checked by `PalmDatabaseCheck` before libmobi sees it
/// (`MOBIFile` hands it over through `fmemopen`). libmobi decompresses the text records
/// (PalmDOC LZ77, HUFF/CDIC) and rebuilds the markup: the KF8 part of a combined file
/// (libmobi's default), as XHTML parts `part00000.html…`, or the single MOBI 6 document,
/// with `filepos` links turned into `#0000001234` links to inserted anchors and images
/// into `resource00000.jpg` references; it also builds an NCX from the book's INDX. Each
/// part goes through the EPUB `XHTMLWalker` (styles, lists, notes, links, images as
/// "[image: alt]"), `<mbp:pagebreak/>` ends a block and marks a page break. Chapters come
/// from the NCX, else from page breaks or headings (`MOBIChapters`). A PalmDOC database is
/// plain text and goes through `PlainTextReader`.
///
/// `metadata.version` is "MOBI 6", "MOBI 6 + KF8", "AZW3" (KF8 only) or "PalmDOC".
/// Encrypted books are refused with `BookError.drmProtected`, before any text is
/// decompressed.
public enum MOBIReader {
    /// Reads the book at `path`.
    public static func read(path: String) throws -> TextContent {
        var bytes = try fileBytes(path)
        return try read(taking: &bytes, name: path)
    }

    /// The bytes of the book at `path`, refused over `PalmDatabaseCheck.maxFileSize`
    /// before they are read.
    static func fileBytes(_ path: String) throws -> [UInt8] {
        var st = stat()
        if stat(path, &st) == 0, Int(st.st_size) > PalmDatabaseCheck.maxFileSize {
            throw BookError.limitExceeded(path: path, reason: "the file is \(Int(st.st_size) >> 20) MiB (limit \(PalmDatabaseCheck.maxFileSize >> 20) MiB for MOBI)")
        }
        return try PlainTextReader.readFile(path)
    }

    /// Checks the bytes, loads them into libmobi and lets them go (libmobi has its own copy
    /// of the records); an encrypted book is refused here.
    static func open(taking bytes: inout [UInt8], name: String) throws -> (PalmDatabaseCheck, MOBIFile) {
        let (database, file) = try bytes.withUnsafeBufferPointer { buf in
            (try PalmDatabaseCheck(bytes: buf, path: name), try MOBIFile(bytes: buf, path: name))
        }
        bytes = []
        if file.isEncrypted { throw BookError.drmProtected(path: name) }
        return (database, file)
    }

    /// Reads a book from memory; `name` is used for errors, the source map and the
    /// fallback title.
    public static func read(bytes: [UInt8], name: String) throws -> TextContent {
        var copy = bytes
        return try read(taking: &copy, name: name)
    }

    /// Opens the bytes (`open(taking:name:)`) and reads the book they hold.
    static func read(taking bytes: inout [UInt8], name: String) throws -> TextContent {
        let (database, file) = try open(taking: &bytes, name: name)
        if database.kind == .palmDOC || !file.isMobipocket { return try readPalmDOC(file, database: database, name: name) }
        if file.isReplica {
            throw BookError.invalidBook(path: name, format: "MOBI", reason: "a Print Replica (AZW4) book: a PDF, not text")
        }
        return try readMOBI(file, name: name)
    }

    /// The fallback title: the file name without its extension.
    static func fileTitle(_ name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    // MARK: PalmDOC

    /// A PalmDOC database: its decompressed records are plain text (UTF-8 if valid, else
    /// CP1252), read as TXT; the database name is the title.
    static func readPalmDOC(_ file: MOBIFile, database: PalmDatabaseCheck, name: String) throws -> TextContent {
        let text = try file.rawText(path: name)
        let utf8 = UTF8Validation.isValid(text)
        var content = try PlainTextReader.read(bytes: text, name: name, encoding: utf8 ? "UTF-8" : "WINDOWS-1252")
        content.metadata.format = .mobi
        content.metadata.encoding = utf8 ? "UTF-8" : "CP1252"   // as the MOBI header names them
        content.metadata.version = "PalmDOC"
        let title = database.name.replacingBytes("_", with: " ").trimmingSpaces()
        if !title.isEmpty {
            let fallback = content.metadata.title
            content.metadata.title = TextSanitizer.sanitizeLabel(title)
            // The text reader titles the text before the first heading after the file.
            if content.chapters.first?.title == fallback { content.chapters[0].title = content.metadata.title }
            for i in content.toc.indices where content.toc[i].title == fallback { content.toc[i].title = content.metadata.title }
        }
        return content
    }

    // MARK: MOBI 6 and KF8

    /// One rebuilt markup part: its entry name (`part00000.html`) and bytes (libmobi's).
    struct Part {
        var entry: String
        var data: UnsafeBufferPointer<UInt8>
    }

    /// A MOBI 6 or KF8 book.
    static func readMOBI(_ file: MOBIFile, name: String) throws -> TextContent {
        let version = file.isHybrid ? "MOBI 6 + KF8" : file.isKF8 ? "AZW3" : "MOBI 6"
        let cp1252 = file.textEncoding == 1252
        var metadata = BookMetadata(title: TextSanitizer.sanitizeLabel(file.title ?? fileTitle(name)),
                                    authors: file.authors.map(TextSanitizer.sanitizeLabel),
                                    language: TextSanitizer.sanitizeLabel(file.language ?? ""), format: .mobi,
                                    encoding: cp1252 ? "CP1252" : "UTF-8", version: version)
        return try file.withRawml(path: name) { rawml in
            file.releaseSources(of: rawml)
            let parts = markupParts(rawml)
            guard !parts.isEmpty else { throw BookError.noReadableContent(path: name, reason: "the book has no text parts") }
            var warnings: [String] = []
            let toc = ncx(rawml).map { EPUBNavigation.ncxTOC($0.data, entryPath: $0.entry, warnings: &warnings) } ?? []
            metadata.cover = file.coverOffset.flatMap { MOBIResources.name(uid: $0, in: rawml) }
            var assembly = MOBIAssembly(metadata: metadata, cp1252: cp1252, markupSize: parts.reduce(0) { $0 + $1.data.count })
            for w in warnings { assembly.book.warn(w) }
            if let cover = metadata.cover, !MOBIAssembly.mention(cover, in: parts) { assembly.addCover(source: cover) }
            for part in parts { assembly.add(part) }
            guard assembly.readable > 0 else {
                throw BookError.noReadableContent(path: name, reason: "none of the \(parts.count) parts of the book could be read")
            }
            return assembly.finish(toc: toc)
        }
    }

    /// The HTML parts of the rebuilt book, in order (SVG parts are skipped).
    static func markupParts(_ rawml: UnsafeMutablePointer<MOBIRawml>) -> [Part] {
        var parts: [Part] = []
        var p = rawml.pointee.markup
        while let part = p, parts.count < 100_000 {
            if part.pointee.type == T_HTML, let data = part.pointee.data {
                parts.append(Part(entry: partName("part", part.pointee.uid, "html"),
                                  data: UnsafeBufferPointer(start: data, count: part.pointee.size)))
            }
            p = part.pointee.next
        }
        return parts
    }

    /// The NCX libmobi built from the book's index, if any, and its entry name.
    static func ncx(_ rawml: UnsafeMutablePointer<MOBIRawml>) -> (entry: String, data: [UInt8])? {
        var p = rawml.pointee.resources
        var seen = 0
        while let part = p, seen < 1_000_000 {
            if part.pointee.type == T_NCX, let data = part.pointee.data, part.pointee.size > 0 {
                return (partName("resource", part.pointee.uid, "ncx"), Array(UnsafeBufferPointer(start: data, count: part.pointee.size)))
            }
            p = part.pointee.next
            seen += 1
        }
        return nil
    }

    /// libmobi's file names: `part00003.html`, `resource00001.ncx`.
    static func partName(_ prefix: String, _ uid: Int, _ ext: String) -> String {
        let digits = String(uid)
        return prefix + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "." + ext
    }
}
