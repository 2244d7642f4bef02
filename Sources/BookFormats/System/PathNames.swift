/// The folder and the stem of a book's path as the readers have always named them (with
/// Foundation's `NSString.deletingLastPathComponent` and `deletingPathExtension`), so that
/// the paths in errors and the titles made from file names stay the same. `Support`'s
/// `FilePath.parent` differs on purpose ("." for a bare name, repeated slashes kept).
enum PathNames {
    /// The folder holding `path`: "" for a bare name ("book.html"), "/" for "/book.html",
    /// "a/b" for "a//b/c.html" (repeated slashes collapse; a trailing one goes).
    static func folder(_ path: String) -> String {
        let fixed = collapsingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        guard let slash = fixed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == fixed.utf8.startIndex { return "/" }
        return String(fixed[..<slash])
    }

    /// A file name without its extension: "book" for "book.epub", "a.b" for "a.b.epub",
    /// "book" for "book."; unchanged without a dot, when its only dot starts it
    /// (".epub"), and for "..".
    static func stem(_ name: String) -> String {
        guard name != "..", let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")),
              dot != name.utf8.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `path` with each run of "/" made one, and a trailing "/" dropped ("/" stays).
    private static func collapsingSlashes(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for b in path.utf8 where !(b == UInt8(ascii: "/") && bytes.last == UInt8(ascii: "/")) { bytes.append(b) }
        if bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
