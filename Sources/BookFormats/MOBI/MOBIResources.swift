import CMobi

/// A MOBI book's resources (images, fonts) by the names libmobi gives them when it rebuilds
/// the markup (`resource00001.jpg`), which are the sources of the book's `ImageReference`s.
enum MOBIResources {
    /// The bytes of the resource `name` in the MOBI/AZW3 book at `path`, or nil when the
    /// book has no resource of that name. The book is checked and rebuilt as for reading
    /// (DRM refused); throws `BookError`s.
    static func bytes(named name: String, path: String, limit: Int) throws -> [UInt8]? {
        var bytes = try MOBIReader.fileBytes(path)
        let (database, file) = try MOBIReader.open(taking: &bytes, name: path)
        guard database.kind != .palmDOC, file.isMobipocket else { return nil }
        return try file.withRawml(path: path) { rawml in
            guard let part = resource(named: name, in: rawml), let data = part.pointee.data else { return nil }
            guard part.pointee.size <= limit else {
                throw BookError.limitExceeded(path: path, reason: "\(name) is \(part.pointee.size >> 20) MiB (limit \(limit >> 20) MiB for a resource)")
            }
            return Array(UnsafeBufferPointer(start: data, count: part.pointee.size))
        }
    }

    /// The resource part libmobi names `name` (`resource` + uid + its type's extension).
    private static func resource(named name: String, in rawml: UnsafeMutablePointer<MOBIRawml>) -> UnsafeMutablePointer<MOBIPart>? {
        let stem = name.split(separator: ".").first ?? ""
        guard stem.hasPrefix("resource"), let uid = Int(stem.dropFirst("resource".count)), uid >= 0,
              let part = mobi_get_resource_by_uid(rawml, uid), part.pointee.size > 0, Self.name(of: part.pointee) == name else { return nil }
        return part
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
