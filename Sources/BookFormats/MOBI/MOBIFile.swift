import CMobi
import Glibc

/// A libmobi handle (`MOBIData`) loaded from a book's bytes, freed with this object.
///
/// libmobi 0.11 loads from a `FILE *`; the bytes (already checked by
/// `PalmDatabaseCheck`) are handed to it through `fmemopen`, so nothing is written to
/// disk. libmobi copies every record, so the bytes are only needed while loading.
final class MOBIFile {
    let handle: UnsafeMutablePointer<MOBIData>

    /// Loads `bytes`. Throws `BookError.invalidBook` with libmobi's reason.
    init(bytes: UnsafeBufferPointer<UInt8>, path: String) throws {
        guard let m = mobi_init() else { throw BookError.limitExceeded(path: path, reason: "libmobi could not allocate its handle") }
        handle = m
        guard let base = bytes.baseAddress, bytes.count > 0,
              let file = fmemopen(UnsafeMutableRawPointer(mutating: base), bytes.count, "rb") else {
            throw BookError.invalidBook(path: path, format: "MOBI", reason: "the file could not be read into libmobi")
        }
        let ret = mobi_load_file(m, file)
        fclose(file)
        guard ret == MOBI_SUCCESS else { throw Self.error(ret, path: path, doing: "loading") }
    }

    deinit { mobi_free(handle) }

    /// libmobi's return code as a `BookError` (encrypted data is DRM).
    static func error(_ ret: MOBI_RET, path: String, doing: String) -> BookError {
        switch ret {
        case MOBI_FILE_ENCRYPTED, MOBI_DRM_PIDINV, MOBI_DRM_KEYNOTFOUND, MOBI_DRM_UNSUPPORTED, MOBI_DRM_EXPIRED:
            return .drmProtected(path: path)
        case MOBI_MALLOC_FAILED: return .limitExceeded(path: path, reason: "libmobi ran out of memory \(doing) the book")
        case MOBI_DATA_CORRUPT: return .invalidBook(path: path, format: "MOBI", reason: "libmobi found corrupt data \(doing) the book")
        case MOBI_FILE_UNSUPPORTED: return .invalidBook(path: path, format: "MOBI", reason: "an unsupported kind of Mobipocket document")
        case MOBI_BUFFER_END: return .invalidBook(path: path, format: "MOBI", reason: "a record ends too early (\(doing) the book)")
        default: return .invalidBook(path: path, format: "MOBI", reason: "libmobi error \(ret.rawValue) \(doing) the book")
        }
    }

    /// Whether the text records are encrypted (DRM), in any part of a hybrid file.
    var isEncrypted: Bool {
        if mobi_is_encrypted(handle) { return true }
        if let other = handle.pointee.next, mobi_is_encrypted(other) { return true }
        return false
    }

    /// Whether the part libmobi reads is KF8 (AZW3, or the KF8 half of a hybrid).
    var isKF8: Bool { mobi_is_kf8(handle) }
    /// Whether the file holds both a MOBI 6 and a KF8 part.
    var isHybrid: Bool { mobi_is_hybrid(handle) }
    /// Whether the file has a MOBI header (not a bare PalmDOC database).
    var isMobipocket: Bool { mobi_is_mobipocket(handle) }
    /// Whether the file is a dictionary or a Replica (print replica, PDF inside).
    var isReplica: Bool { mobi_is_replica(handle) }

    /// The text encoding the MOBI header declares (1252 or 65001; 1252 without a header).
    var textEncoding: UInt32 {
        guard let mh = handle.pointee.mh, let e = mh.pointee.text_encoding else { return 1252 }
        return e.pointee.rawValue
    }

    /// EXTH title, else the full name, else the database name.
    var title: String? { Self.take(mobi_meta_get_title(handle)) }
    /// EXTH authors (libmobi joins several with "; ").
    var authors: [String] {
        guard let all = Self.take(mobi_meta_get_author(handle)) else { return [] }
        return all.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }
    /// EXTH 201: the cover's resource number (counted from the first resource record).
    var coverOffset: Int? {
        guard let record = mobi_get_exthrecord_by_tag(handle, EXTH_COVEROFFSET), let data = record.pointee.data,
              record.pointee.size >= 1, record.pointee.size <= 4 else { return nil }
        let value = mobi_decode_exthvalue(data.assumingMemoryBound(to: UInt8.self), Int(record.pointee.size))
        return value == UInt32.max ? nil : Int(value)
    }
    /// EXTH language, else the header's locale ("en-us").
    var language: String? { Self.take(mobi_meta_get_language(handle)) }
    /// A string libmobi allocated, freed here; nil for NULL or blank.
    private static func take(_ p: UnsafeMutablePointer<CChar>?) -> String? {
        guard let p else { return nil }
        defer { free(p) }
        let s = String(decoding: UnsafeRawBufferPointer(start: p, count: strlen(p)), as: UTF8.self).trimmingSpaces()
        return s.isEmpty ? nil : s
    }

    /// The decompressed text records (PalmDOC text, or the raw markup), as libmobi joins them.
    func rawText(path: String) throws -> [UInt8] {
        let size = mobi_get_text_maxsize(handle)
        guard size > 0, size < PalmDatabaseCheck.maxFileSize else {
            throw BookError.invalidBook(path: path, format: "MOBI", reason: "the header declares no text")
        }
        var text = [UInt8](repeating: 0, count: size + 1)
        var length = size + 1
        let ret = text.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { mobi_get_rawml(handle, $0, &length) }
        }
        guard ret == MOBI_SUCCESS else { throw Self.error(ret, path: path, doing: "decompressing") }
        text.removeSubrange(min(length, text.count)...)
        return text
    }

    /// After rebuilding, frees what nothing reads any more: the text records' compressed
    /// data (of both parts of a hybrid file) and the flows' copy of the text the markup was
    /// rebuilt from, then hands the freed heap back (`malloc_trim`). Data still referenced
    /// by a markup or resource part is kept. libmobi frees the NULL pointers left as nothing.
    func releaseSources(of rawml: UnsafeMutablePointer<MOBIRawml>) {
        var kept = Set<UnsafeMutableRawPointer>()
        for list in [rawml.pointee.markup, rawml.pointee.resources] {
            var p = list
            while let part = p {
                if let d = part.pointee.data { kept.insert(UnsafeMutableRawPointer(d)) }
                p = part.pointee.next
            }
        }
        var flow = rawml.pointee.flow
        while let part = flow {
            if part.pointee.type == T_HTML, let d = part.pointee.data, !kept.contains(UnsafeMutableRawPointer(d)) {
                free(d)
                part.pointee.data = nil
                part.pointee.size = 0
            }
            flow = part.pointee.next
        }
        var textRecords: [Range<Int>] = []
        for m in [handle, handle.pointee.next].compactMap({ $0 }) {
            guard let rh = m.pointee.rh else { continue }
            // A hybrid's KF8 part counts its records from its own record 0, at the boundary.
            let boundary = m.pointee.kf8_boundary_offset
            let first = (mobi_is_kf8(m) && boundary != MOBI_NOTSET ? Int(boundary) : 0) + 1
            textRecords.append(first..<(first + Int(rh.pointee.text_record_count)))
        }
        var record = handle.pointee.rec
        var index = 0
        while let r = record {
            if textRecords.contains(where: { $0.contains(index) }), let d = r.pointee.data, !kept.contains(UnsafeMutableRawPointer(d)) {
                free(d)
                r.pointee.data = nil
                r.pointee.size = 0
            }
            record = r.pointee.next
            index += 1
        }
        malloc_trim(0)
    }

    /// Rebuilds the book's parts (`mobi_parse_rawml_opt`: TOC, no dictionary, links and
    /// resources reconstructed) and hands them to `body` while they are alive.
    func withRawml<T>(path: String, _ body: (UnsafeMutablePointer<MOBIRawml>) throws -> T) throws -> T {
        guard let rawml = mobi_init_rawml(handle) else {
            throw BookError.limitExceeded(path: path, reason: "libmobi could not allocate the book's parts")
        }
        defer { mobi_free_rawml(rawml) }
        let ret = mobi_parse_rawml_opt(rawml, handle, true, false, true)
        guard ret == MOBI_SUCCESS else { throw Self.error(ret, path: path, doing: "rebuilding") }
        return try body(rawml)
    }
}
