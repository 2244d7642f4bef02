import Foundation

/// The files `reader add DIR…` looks at: every book file (EPUB, TXT, FB2 and `.fb2.zip`,
/// MOBI/AZW/AZW3/PRC/PDB, HTML, Markdown — by name) under the given folders
/// (recursively, hidden files and folders left out, symbolic links not followed into
/// folders), and the other files, which are "not a book".
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

    /// Scans `paths` (folders, or book files named directly).
    public static func scan(_ paths: [String]) -> Found {
        var found = Found()
        for argument in paths {
            let path = URL(fileURLWithPath: argument).standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                found.unreadable.append((argument, "no such file or folder"))
                continue
            }
            if !isFolder.boolValue {
                classify(path, into: &found)
                continue
            }
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: path, isDirectory: true),
                                                              includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else {
                found.unreadable.append((argument, "cannot read the folder"))
                continue
            }
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                classify(url.standardizedFileURL.path, into: &found)
            }
        }
        found.books = Array(Set(found.books)).sorted()
        found.others = Array(Set(found.others)).sorted()
        return found
    }

    private static func classify(_ path: String, into found: inout Found) {
        let ext = (path as NSString).pathExtension.lowercased()
        let isBook = bookExtensions.contains(ext) || path.lowercased().hasSuffix(".fb2.zip")
        if isBook { found.books.append(path) } else { found.others.append(path) }
    }
}
