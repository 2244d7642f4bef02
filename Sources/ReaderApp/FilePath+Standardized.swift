import Support

extension FilePath {
    /// `path` made absolute against the working folder, with "." and empty components
    /// dropped and each ".." taking the component before it away (above "/" there is
    /// nothing to take): "/home/u/b.epub" for "../b.epub" in "/home/u/books". Lexical, as
    /// Foundation's `URL(fileURLWithPath:).standardizedFileURL.path`, which it replaces on
    /// the reading path: symbolic links are not resolved. Unlike it, a leading "~" is a
    /// name like any other (it is the file the reader opened; Foundation put the home
    /// folder there).
    static func standardized(_ path: String, workingFolder: String? = nil) -> String {
        var kept: [Substring] = []
        for component in absolute(path, workingFolder: workingFolder).split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !kept.isEmpty { kept.removeLast() }
            default: kept.append(component)
            }
        }
        return "/" + kept.joined(separator: "/")
    }
}
