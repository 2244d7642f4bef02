/// Path strings taken apart and put together the way the reader needs them (POSIX paths,
/// "/" separated; no normalization beyond what each function says).
public enum FilePath {
    /// `folder` + "/" + `name` (no doubled slash when `folder` ends with one; `name` alone
    /// when `folder` is empty).
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last component: "c.txt" for "/a/b/c.txt", "b" for "/a/b/", "/" for "/".
    public static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" || trimmed.isEmpty { return trimmed }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// The folder holding `path`: "/a/b" for "/a/b/c", "/" for "/a", "." for "a", "/" for "/".
    public static func parent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == trimmed.utf8.startIndex { return "/" }
        return trimmingTrailingSlashes(String(trimmed[..<slash]))
    }

    /// The extension after the last "." of the last component ("epub" for "a/b.epub"), ""
    /// when there is none or the name starts with its only dot (".hidden").
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// `path` made absolute against the working folder when it is relative (not resolved
    /// further: no symbolic links, "." or ".." taken out).
    public static func absolute(_ path: String, workingFolder: String? = nil) -> String {
        if path.hasPrefix("/") { return path }
        return join(workingFolder ?? currentFolder(), path)
    }

    /// The process's working folder ("/" when it cannot be read).
    public static func currentFolder() -> String {
        guard let raw = getcwd(nil, 0) else { return "/" }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// `path` without trailing slashes ("/" stays "/").
    public static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}

#if canImport(Glibc)
import Glibc
#endif
