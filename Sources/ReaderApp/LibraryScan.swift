import Support

/// The files `reader add DIR…` looks at: every book file (EPUB, TXT, FB2 and `.fb2.zip`,
/// MOBI/AZW/AZW3/PRC/PDB, HTML, Markdown — by name) under the given folders
/// (recursively, hidden files and folders left out, symbolic links not followed:
/// `FolderWalk`), and the other files, which are "not a book".
public enum LibraryScan {
    /// File name extensions of books (lowercase).
    public static let bookExtensions: Set<String> = ["epub", "txt", "fb2", "mobi", "azw", "azw3", "prc", "pdb",
                                                     "html", "htm", "xhtml", "md", "markdown"]

    /// What a scan found, each list sorted by path.
    public struct Found: Equatable, Sendable {
        /// Book files (by extension), absolute and standardised.
        public var books: [String] = []
        /// Other files.
        public var others: [String] = []
        /// Arguments that are neither a folder nor a file, with the reason.
        public var unreadable: [(path: String, reason: String)] = []

        public static func == (a: Found, b: Found) -> Bool {
            a.books == b.books && a.others == b.others && a.unreadable.map(\.path) == b.unreadable.map(\.path)
        }
    }

    /// Scans `paths` (folders, or book files named directly). A folder that cannot be read
    /// adds nothing and no reason (as Foundation's enumerator did).
    public static func scan(_ paths: [String]) -> Found {
        var found = Found()
        for argument in paths {
            let path = FilePath.standardizedArgument(argument)
            guard let status = FileSystem.status(path) else {
                found.unreadable.append((argument, "no such file or folder"))
                continue
            }
            if !status.isDirectory {
                classify(path, into: &found)
                continue
            }
            // The paths are standardized again as Foundation's were (only a "/private" can change).
            FolderWalk.regularFiles(under: path) { classify(FilePath.standardizedArgument($0), into: &found) }
        }
        found.books = Array(Set(found.books)).sorted()
        found.others = Array(Set(found.others)).sorted()
        return found
    }

    private static func classify(_ path: String, into found: inout Found) {
        let ext = pathExtension(path).lowercased()
        let isBook = bookExtensions.contains(ext) || path.lowercased().hasSuffix(".fb2.zip")
        if isBook { found.books.append(path) } else { found.others.append(path) }
    }

    /// The extension of the last component as Foundation's `NSString.pathExtension` gives
    /// it: after its last "." character (a "." with a combining mark after it, or one that
    /// a prepended mark holds, is not one), "" when that is its first character.
    static func pathExtension(_ path: String) -> String {
        let name = FilePath.lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
