import CLibZip
import Foundation

/// Small books written at run time, for the library tests and `shelf-bench`: EPUBs
/// (zip through libzip: `mimetype` stored, `container.xml`, an OPF with title, author and
/// language, one chapter) and TXTs with a Gutenberg-style header.
public enum GeneratedBooks {
    /// Writes a zip at `path`: a stored `mimetype` entry first, then `entries` deflated.
    public static func writeZip(_ path: String, _ entries: [(name: String, text: String)]) throws {
        try writeZip(path, files: entries.map { ($0.name, Array($0.text.utf8)) })
    }

    /// Writes a zip at `path`: a stored `mimetype` entry first, then `files` deflated.
    public static func writeZip(_ path: String, files: [(name: String, bytes: [UInt8])]) throws {
        var code: Int32 = 0
        guard let za = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else { throw NSError(domain: "zip_open", code: Int(code)) }
        for (i, e) in ([("mimetype", Array("application/epub+zip".utf8))] + files).enumerated() {
            let bytes = e.1
            let copy = malloc(max(bytes.count, 1))!   // libzip frees it (freep = 1)
            bytes.withUnsafeBytes { if $0.count > 0 { memcpy(copy, $0.baseAddress!, $0.count) } }
            guard let src = zip_source_buffer(za, copy, UInt64(bytes.count), 1) else { throw NSError(domain: "zip_source", code: 0) }
            let index = zip_file_add(za, e.0, src, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE)
            guard index >= 0 else { zip_source_free(src); throw NSError(domain: "zip_file_add", code: 0) }
            zip_set_file_compression(za, UInt64(index), i == 0 ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 6)
        }
        guard zip_close(za) == 0 else { zip_discard(za); throw NSError(domain: "zip_close", code: 0) }
    }

    /// An EPUB 3 at `path` titled `title` by `author`, with one chapter of `paragraphs`
    /// paragraphs; `withoutChapter` leaves the chapter document out of the zip (a book
    /// that cannot be read, to show that only the metadata is); `cover`: an image file's
    /// bytes put in as `OEBPS/cover.<ext>`, the EPUB 3 `cover-image`.
    public static func writeEPUB(_ path: String, title: String, author: String, language: String = "en",
                                 paragraphs: Int = 20, withoutChapter: Bool = false,
                                 cover: (ext: String, mediaType: String, bytes: [UInt8])? = nil) throws {
        let coverItem = cover.map { "<item id=\"cover\" href=\"cover.\($0.ext)\" media-type=\"\($0.mediaType)\" properties=\"cover-image\"/>" } ?? ""
        let container = """
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" version="3.0" unique-identifier="id"><metadata>\
            <dc:identifier id="id">urn:gen:\(escape(path))</dc:identifier><dc:title>\(escape(title))</dc:title>\
            <dc:creator>\(escape(author))</dc:creator><dc:language>\(language)</dc:language></metadata>\
            <manifest><item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/>\(coverItem)</manifest>\
            <spine><itemref idref="c1"/></spine></package>
            """
        let body = (0..<paragraphs).map { "<p>Paragraph \($0) of \(escape(title)): the quick brown fox jumps over the lazy dog.</p>" }
        let xhtml = """
            <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head>\
            <body><h1>Chapter 1</h1>\(body.joined())</body></html>
            """
        var files = [("META-INF/container.xml", Array(container.utf8)), ("OEBPS/content.opf", Array(opf.utf8))]
        if !withoutChapter { files.append(("OEBPS/ch1.xhtml", Array(xhtml.utf8))) }
        if let cover { files.append(("OEBPS/cover.\(cover.ext)", cover.bytes)) }
        try writeZip(path, files: files)
    }

    /// A TXT at `path` with a `Title:` / `Author:` header and `paragraphs` paragraphs.
    public static func writeTXT(_ path: String, title: String, author: String, paragraphs: Int = 20) throws {
        var text = "Title: \(title)\nAuthor: \(author)\n\n"
        for i in 0..<paragraphs { text += "Paragraph \(i) of \(title): the quick brown fox jumps over the lazy dog.\n\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `count` books in `folder` (created), spread over 10 subfolders: every third one a
    /// TXT, the others EPUBs; book i is titled "Book i" by "Author i % 37". Returns the paths.
    @discardableResult
    public static func writeLibrary(in folder: URL, count: Int) throws -> [String] {
        var paths: [String] = []
        for i in 0..<count {
            let dir = folder.appendingPathComponent("shelf-\(i % 10)", isDirectory: true)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let title = "Book \(i)", author = "Author \(i % 37)"
            if i % 3 == 2 {
                let path = dir.appendingPathComponent("book-\(i).txt").path
                try writeTXT(path, title: title, author: author)
                paths.append(path)
            } else {
                let path = dir.appendingPathComponent("book-\(i).epub").path
                try writeEPUB(path, title: title, author: author)
                paths.append(path)
            }
        }
        return paths
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
