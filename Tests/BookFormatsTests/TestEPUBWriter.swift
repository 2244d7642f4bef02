import CLibZip
import Foundation

/// Writes EPUB (zip) files for tests at run time through libzip, for hostile inputs too
/// large to commit (10 MB paragraph, 100,000-item spine) or that need a temp path inside
/// (an XXE entity pointing at a marker file), and patches declared sizes to lie.
enum TestEPUBWriter {
    struct Entry {
        var name: String
        var data: [UInt8]
        var compress: Bool
        init(_ name: String, _ data: [UInt8], compress: Bool = true) {
            self.name = name
            self.data = data
            self.compress = compress
        }
        init(_ name: String, _ text: String, compress: Bool = true) {
            self.init(name, Array(text.utf8), compress: compress)
        }
    }

    /// A fresh temp folder for one test (removed by the caller's `addTeardownBlock`).
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reader-hostile-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a zip at `path` with a stored `mimetype` entry first, then `entries`.
    static func write(_ path: String, _ entries: [Entry]) throws {
        var code: Int32 = 0
        guard let za = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw NSError(domain: "zip_open", code: Int(code))
        }
        for e in [Entry("mimetype", "application/epub+zip", compress: false)] + entries {
            // libzip frees the copy (freep = 1) once the archive is written.
            let copy = malloc(max(e.data.count, 1))!
            e.data.withUnsafeBytes { if $0.count > 0 { memcpy(copy, $0.baseAddress!, $0.count) } }
            guard let src = zip_source_buffer(za, copy, UInt64(e.data.count), 1) else { throw NSError(domain: "zip_source", code: 0) }
            let index = zip_file_add(za, e.name, src, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE)
            guard index >= 0 else { zip_source_free(src); throw NSError(domain: "zip_file_add", code: 0) }
            zip_set_file_compression(za, UInt64(index), e.compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 9)
        }
        guard zip_close(za) == 0 else { zip_discard(za); throw NSError(domain: "zip_close", code: 0) }
    }

    /// Rewrites the declared uncompressed size of entry `name` in its local header and
    /// central directory record (32-bit fields; the data is left as it is).
    static func patchDeclaredSize(_ path: String, entry name: String, to size: UInt32) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func put32(_ v: UInt32, _ at: Int) { for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) } }
        let wanted = Array(name.utf8)
        var patched = false
        var i = 0
        while i + 46 <= bytes.count {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x01, bytes[i + 3] == 0x02 {
                let nameLength = u16(i + 28)
                if Array(bytes[(i + 46)..<(i + 46 + nameLength)]) == wanted {
                    put32(size, i + 24)
                    put32(size, u32(i + 42) + 22)  // the local header
                    patched = true
                }
            }
            i += 1
        }
        precondition(patched, "no central directory record for \(name)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    /// A minimal OPF listing `documents` (id, href) in the spine, with `prolog` (a DOCTYPE)
    /// before the root element and `extraManifest` items.
    static func opf(_ documents: [(id: String, href: String)], title: String = "Hostile", prolog: String = "",
                    extraManifest: String = "", spineAttributes: String = "") -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(prolog)"
        s += "<package xmlns=\"http://www.idpf.org/2007/opf\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" version=\"3.0\" unique-identifier=\"id\">"
        s += "<metadata><dc:identifier id=\"id\">urn:x</dc:identifier><dc:title>\(title)</dc:title><dc:language>en</dc:language></metadata><manifest>"
        s += extraManifest
        for d in documents { s += "<item id=\"\(d.id)\" href=\"\(d.href)\" media-type=\"application/xhtml+xml\"/>" }
        s += "</manifest><spine\(spineAttributes)>"
        for d in documents { s += "<itemref idref=\"\(d.id)\"/>" }
        return s + "</spine></package>"
    }

    /// An XHTML document with `body` inside `<body>` and `prolog` before `<html>`.
    static func xhtml(_ body: String, prolog: String = "") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(prolog)<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>\(body)</body></html>"
    }
}

/// Peak resident memory of this process, for bounded-memory checks: `reset()` clears the
/// kernel's high-water mark (`/proc/self/clear_refs`, Linux ≥ 4.0), `peakBytes` reads it.
enum PeakMemory {
    static func reset() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static var peakBytes: Int { value("VmHWM:") }
    static var currentBytes: Int { value("VmRSS:") }

    private static func value(_ key: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kb * 1024
    }
}
