import CMobi

/// A MOBI book's resources (images, fonts) by the names libmobi gives them when it rebuilds
/// the markup (`resource00001.jpg`), which are the sources of the book's `ImageReference`s.
///
/// libmobi numbers the resources from the first resource record
/// (`mobi_get_first_resource_record`: the MOBI header's first image index; in a combined
/// MOBI 6 + KF8 file the MOBI 6 header's, whose records both parts share): uid N is the
/// Nth record after it, records of no known type counting too, up to the first
/// `BOUNDARY` or end-of-file record (`mobi_reconstruct_resources`). An image (JPEG, GIF,
/// PNG, BMP) is stored as it is, so it is read straight from its record, without
/// rebuilding the book; other resources (fonts, audio, video: libmobi decodes them) are
/// read from the rebuilt book.
enum MOBIResources {
    /// The bytes of the resource `name` in the MOBI/AZW3 book at `path`, or nil when the
    /// book has no resource of that name. The book is checked as for reading (DRM
    /// refused); throws `BookError`s.
    static func bytes(named name: String, path: String, limit: Int) throws -> [UInt8]? {
        guard let file = try open(path: path) else { return nil }
        return try bytes(named: name, in: file, path: path, limit: limit)
    }

    /// The book at `path` loaded into libmobi (checked, DRM refused), or nil for a PalmDOC
    /// database (which has no resources).
    static func open(path: String) throws -> MOBIFile? {
        var bytes = try MOBIReader.fileBytes(path)
        let (database, file) = try MOBIReader.open(taking: &bytes, name: path)
        guard database.kind != .palmDOC, file.isMobipocket else { return nil }
        return file
    }

    /// The resource `name` of a loaded book: an image from its record, anything else from
    /// the rebuilt book. Nil when there is no such resource.
    static func bytes(named name: String, in file: MOBIFile, path: String, limit: Int) throws -> [UInt8]? {
        guard let (uid, ext) = parse(name) else { return nil }
        if let type = imageTypes[ext] {
            guard let record = record(uid: uid, in: file), kind(of: record.pointee) == type,
                  let data = record.pointee.data else { return nil }
            return try copy(data, record.pointee.size, name: name, path: path, limit: limit)
        }
        return try file.withRawml(path: path) { rawml in
            guard let part = mobi_get_resource_by_uid(rawml, uid), part.pointee.size > 0, Self.name(of: part.pointee) == name,
                  let data = part.pointee.data else { return nil }
            return try copy(data, part.pointee.size, name: name, path: path, limit: limit)
        }
    }

    /// The image types stored as they are, by libmobi's extension for them.
    private static let imageTypes: [String: MOBIFiletype] = ["jpg": T_JPG, "gif": T_GIF, "png": T_PNG, "bmp": T_BMP]

    /// `resource00012.jpg` → (12, "jpg").
    private static func parse(_ name: String) -> (uid: Int, ext: String)? {
        let pieces = name.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces[0].hasPrefix("resource"), pieces[0].count >= 13 else { return nil }
        let digits = pieces[0].dropFirst("resource".count)
        guard digits.allSatisfy(\.isASCII), let uid = Int(digits), uid >= 0,
              MOBIReader.partName("resource", uid, String(pieces[1])) == name else { return nil }
        return (uid, String(pieces[1]))
    }

    /// The record libmobi numbers `uid`: `uid` records after the first resource record,
    /// none of them (nor it) a boundary or end-of-file record.
    private static func record(uid: Int, in file: MOBIFile) -> UnsafeMutablePointer<MOBIPdbRecord>? {
        var first = mobi_get_first_resource_record(file.handle)
        if first == Int(MOBI_NOTSET) { first = 0 }
        guard var record = mobi_get_record_by_seqnumber(file.handle, first) else { return nil }
        for _ in 0..<uid {
            guard kind(of: record.pointee) != T_BREAK, let next = record.pointee.next else { return nil }
            record = next
        }
        return kind(of: record.pointee) == T_BREAK ? nil : record
    }

    /// A record's type from its first bytes, as libmobi's `mobi_determine_resource_type`
    /// decides it (which libmobi does not export): the image types, `T_BREAK` for a
    /// boundary or end-of-file record, `T_FONT`/`T_AUDIO`/`T_VIDEO`, else `T_UNKNOWN`.
    static func kind(of record: MOBIPdbRecord) -> MOBIFiletype {
        guard let data = record.data, record.size >= 4 else { return T_UNKNOWN }
        let bytes = UnsafeBufferPointer(start: data, count: record.size)
        func starts(_ magic: [UInt8]) -> Bool { bytes.count >= magic.count && bytes.prefix(magic.count).elementsEqual(magic) }
        if starts([0xFF, 0xD8, 0xFF]) { return T_JPG }
        if starts(Array("GIF8".utf8)) { return T_GIF }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return T_PNG }
        if starts(Array("FONT".utf8)) { return T_FONT }
        if starts(Array("BOUNDARY".utf8)) || starts([0xE9, 0x8E, 0x0D, 0x0A]) { return T_BREAK }
        if starts(Array("BM".utf8)) {
            guard bytes.count >= 6 else { return T_UNKNOWN }
            let declared = Int(bytes[2]) | Int(bytes[3]) << 8 | Int(bytes[4]) << 16 | Int(bytes[5]) << 24
            return declared == bytes.count ? T_BMP : T_UNKNOWN
        }
        if starts(Array("AUDI".utf8)) { return T_AUDIO }
        if starts(Array("VIDE".utf8)) { return T_VIDEO }
        return T_UNKNOWN
    }

    /// A copy of libmobi's bytes, refused over `limit`.
    private static func copy(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, name: String, path: String, limit: Int) throws -> [UInt8] {
        guard size <= limit else {
            throw BookError.limitExceeded(path: path, reason: "\(name) is \(size >> 20) MiB (limit \(limit >> 20) MiB for a resource)")
        }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The name of the resource numbered `uid` (EXTH 201's cover), if the book has it.
    static func name(uid: Int, in rawml: UnsafeMutablePointer<MOBIRawml>) -> String? {
        mobi_get_resource_by_uid(rawml, uid).map { name(of: $0.pointee) }
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
