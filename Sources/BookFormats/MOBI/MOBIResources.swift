import Glibc
import CMobi

/// A MOBI book's resources (images, fonts) by the names libmobi gives them when it rebuilds
/// the markup (`resource00001.jpg`), which are the sources of the book's `ImageReference`s.
enum MOBIResources {
    /// The bytes of the resource `name` in the MOBI/AZW3 book at `path`, or nil when the
    /// book has no resource of that name. The book is checked and rebuilt as for reading
    /// (DRM refused); throws `BookError`s.
    static func bytes(named name: String, path: String, limit: Int) throws -> [UInt8]? {
        var st = stat()
        if stat(path, &st) == 0, Int(st.st_size) > PalmDatabaseCheck.maxFileSize {
            throw BookError.limitExceeded(path: path, reason: "the file is \(Int(st.st_size) >> 20) MiB (limit \(PalmDatabaseCheck.maxFileSize >> 20) MiB for MOBI)")
        }
        var bytes = try PlainTextReader.readFile(path)
        let (database, file) = try bytes.withUnsafeBufferPointer { buf in
            (try PalmDatabaseCheck(bytes: buf, path: path), try MOBIFile(bytes: buf, path: path))
        }
        bytes = []
        if file.isEncrypted { throw BookError.drmProtected(path: path) }
        guard database.kind != .palmDOC, file.isMobipocket else { return nil }
        return try file.withRawml(path: path) { rawml in
            var p = rawml.pointee.resources
            var seen = 0
            while let part = p, seen < 1_000_000 {
                defer { p = part.pointee.next; seen += 1 }
                guard let data = part.pointee.data, part.pointee.size > 0,
                      Self.name(of: part.pointee) == name else { continue }
                guard part.pointee.size <= limit else {
                    throw BookError.limitExceeded(path: path, reason: "\(name) is \(part.pointee.size >> 20) MiB (limit \(limit >> 20) MiB for a resource)")
                }
                return Array(UnsafeBufferPointer(start: data, count: part.pointee.size))
            }
            return nil
        }
    }

    /// The name of the resource numbered `uid` (EXTH 201's cover), if the book has it.
    static func name(uid: Int, in rawml: UnsafeMutablePointer<MOBIRawml>) -> String? {
        var p = rawml.pointee.resources
        var seen = 0
        while let part = p, seen < 1_000_000 {
            if part.pointee.uid == uid { return name(of: part.pointee) }
            p = part.pointee.next
            seen += 1
        }
        return nil
    }

    /// libmobi's file name of a resource part: `resource` + its uid in five digits + the
    /// extension of its type.
    static func name(of part: MOBIPart) -> String {
        var meta = mobi_get_filemeta_by_type(part.type)
        let ext = withUnsafeBytes(of: &meta.extension) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return MOBIReader.partName("resource", part.uid, ext)
    }
}
