/// The FB2 document inside a `.fb2.zip`: the first entry (in archive order) whose name
/// ends in `.fb2`, read through `ZipArchive` and its limits (256 MiB an entry, 1000:1
/// compression, never more than the declared size). A second `.fb2` is not read: a
/// warning says so.
enum FB2Zip {
    /// The document's entry name, its bytes, and the warning about other documents.
    struct Document {
        var name: String
        var bytes: [UInt8]
        var warning: String?
    }

    /// Reads the first `.fb2` entry of the zip at `path`. Errors name the zip as FB2:
    /// `invalidBook(format: "FB2")` for a damaged archive or one without an `.fb2`,
    /// `limitExceeded` for a zip bomb.
    static func document(path: String) throws -> Document {
        let zip: ZipArchive
        do {
            zip = try ZipArchive(path: path)
        } catch let BookError.notAnArchive(p, reason) {
            throw BookError.invalidBook(path: p, format: "FB2", reason: "not a valid zip archive: " + reason)
        }
        let documents = zip.entries.filter { $0.key.lowercased().hasSuffix(".fb2") }.sorted { $0.value.index < $1.value.index }
        guard let first = documents.first else {
            throw BookError.invalidBook(path: path, format: "FB2", reason: "the zip archive holds no .fb2 document")
        }
        var warning: String?
        if documents.count > 1 {
            warning = "the zip archive holds \(documents.count) .fb2 documents: only the first, \(first.key), is read"
        }
        do {
            return Document(name: first.key, bytes: try zip.read(first.key), warning: warning)
        } catch let BookError.invalidEPUB(p, reason) {
            throw BookError.invalidBook(path: p, format: "FB2", reason: reason)
        }
    }
}
