import Foundation
import Glibc
import Support
import XCTest
@testable import ReaderApp

/// `reader add`'s scan (`LibraryScan`, `FolderWalk`, `FilePath.standardizedArgument`)
/// against what it replaced: the same scan through Foundation's `FileManager` enumerator
/// and `URL`, kept here as the reference.
final class LibraryScanTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The scan as it was written with Foundation (`LibraryScan` before it left Foundation).
    static func foundationScan(_ paths: [String]) -> LibraryScan.Found {
        var found = LibraryScan.Found()
        func classify(_ path: String) {
            let ext = (path as NSString).pathExtension.lowercased()
            let isBook = LibraryScan.bookExtensions.contains(ext) || path.lowercased().hasSuffix(".fb2.zip")
            if isBook { found.books.append(path) } else { found.others.append(path) }
        }
        for argument in paths {
            let path = URL(fileURLWithPath: argument).standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                found.unreadable.append((argument, "no such file or folder"))
                continue
            }
            if !isFolder.boolValue {
                classify(path)
                continue
            }
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: path, isDirectory: true),
                                                              includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                classify(url.standardizedFileURL.path)
            }
        }
        found.books = Array(Set(found.books)).sorted()
        found.others = Array(Set(found.others)).sorted()
        return found
    }

    func write(_ relative: String, _ text: String = "x") throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(relative).path, withDestinationPath: target)
    }

    /// Hidden names (by their first character), links to files and folders, a broken link,
    /// a FIFO, a link loop, names Foundation's path code reads in its own way.
    func makeTree() throws {
        for name in ["a.epub", "b.TXT", "c.fb2.zip", "d.FB2.ZIP", "e.jpg", "noext", "sub/f.md", "sub/deeper/g.markdown",
                     ".hidden.epub", ".hidden/h.epub", "sub/.i.md", "sub/.dir/j.md", ".\u{301}accent.md", "a.\u{301}md",
                     "pre\u{600}.md", "ends.md.", "sp ace.txt", "..two.epub", "é/ü.html", "k.tar.xhtml"] {
            try write(name)
        }
        try link("link-to-file.epub", to: "a.epub")
        try link("link-to-dir", to: "sub")
        try link("broken.epub", to: "nowhere")
        try link("sub/deeper/up", to: "../..")
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo.md").path, 0o644), 0)
    }

    func testAFolderScanFindsWhatFoundationsEnumeratorFound() throws {
        try makeTree()
        let found = LibraryScan.scan([folder.path])
        XCTAssertEqual(found, Self.foundationScan([folder.path]))
        let names = found.books.map { String($0.dropFirst(folder.path.count + 1)) }
        XCTAssertEqual(names, [".\u{301}accent.md", "a.epub", "b.TXT", "c.fb2.zip", "d.FB2.ZIP", "k.tar.xhtml",
                               "sp ace.txt", "sub/deeper/g.markdown", "sub/f.md", "é/ü.html"])
        XCTAssertEqual(found.others.map { FilePath.lastComponent($0) }, ["a.\u{301}md", "e.jpg", "ends.md.", "noext", "pre\u{600}.md"])
    }

    func testArgumentsAreFilesLinksAndMissingPathsAsFoundationSawThem() throws {
        try makeTree()
        try link("folder-link", to: folder.path)
        let cwd = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
        let arguments = ["a.epub", "./sub/../e.jpg", "link-to-file.epub", "broken.epub", "fifo.md", "missing.epub", "",
                         "folder-link", "folder-link/", "sub/.dir", "~nosuchuser/x.epub", "/private" + folder.path + "/a.epub"]
        for argument in arguments {
            let found = LibraryScan.scan([argument]), expected = Self.foundationScan([argument])
            XCTAssertEqual(found, expected, "'\(argument)'")
            XCTAssertEqual(found.unreadable.map(\.reason), expected.unreadable.map(\.reason), "'\(argument)'")
        }
        XCTAssertEqual(LibraryScan.scan(["folder-link"]), LibraryScan.Found(), "a link to a folder is not walked")
        XCTAssertEqual(LibraryScan.scan(["/private" + folder.path + "/a.epub"]).books, [folder.path + "/a.epub"])
    }

    func testAnArgumentIsStandardizedAsFoundationsURLDid() {
        let arguments = ["~", "~/", "~/x", "~//a/./b/..", "~/../x", "~root", "~root/x", "~nosuchuser", "~nosuchuser/x",
                         "./~/x", "a/~", "/~/x", "~\u{301}/x", "/private/tmp", "/private/tmp/", "/private/nonexistent",
                         "/private/usr", "/private/var/automount/tmp", "/var/automount/tmp", "/private/./tmp/../tmp",
                         "/private", "x/../../..", "", ".", "/a//b/./c/.."]
        for argument in arguments {
            XCTAssertEqual(FilePath.standardizedArgument(argument), URL(fileURLWithPath: argument).standardizedFileURL.path,
                           "'\(argument)'")
        }
    }

    func testExtensionsAreNSStringsPathExtension() {
        let names = ["a.epub", "a.EPUB", "a.", ".epub", "..epub", "a..epub", "a.tar.gz", "a.\u{301}epub", "a.epub\u{301}",
                     "pre\u{600}.md", "x\u{600}.y.md", "a b.t xt", "/x.y/z", "/x/a.b.", "noext", "é.ü", "a.\u{200D}md", "/"]
        for name in names {
            XCTAssertEqual(LibraryScan.pathExtension(name), (name as NSString).pathExtension, "'\(name)'")
        }
    }

    func testAFolderOnAnotherFileSystemIsNotEntered() throws {
        // /dev/shm is a tmpfs of its own on Linux; FTS_XDEV kept Foundation's walk of /dev out of it.
        var dev = stat(), shm = stat()
        guard stat("/dev", &dev) == 0, stat("/dev/shm", &shm) == 0, dev.st_dev != shm.st_dev,
              access("/dev/shm", W_OK) == 0 else { throw XCTSkip("/dev/shm is not a writable mount of its own") }
        let path = "/dev/shm/reader-scan-\(getpid()).epub"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        defer { unlink(path) }
        var seen: [String] = []
        FolderWalk.regularFiles(under: "/dev") { seen.append($0) }
        XCTAssertFalse(seen.contains(path))
        XCTAssertEqual(LibraryScan.scan([path]).books, [path], "named directly, it is found")
    }

    func testUnreadableFoldersAreSkippedSilently() throws {
        guard geteuid() != 0 else { throw XCTSkip("root reads every folder") }
        try write("open/a.epub")
        try write("closed/b.epub")
        chmod(folder.appendingPathComponent("closed").path, 0)
        defer { chmod(folder.appendingPathComponent("closed").path, 0o755) }
        let found = LibraryScan.scan([folder.path, folder.appendingPathComponent("closed").path])
        XCTAssertEqual(found, Self.foundationScan([folder.path, folder.appendingPathComponent("closed").path]))
        XCTAssertEqual(found.books, [folder.appendingPathComponent("open/a.epub").path])
        XCTAssertTrue(found.unreadable.isEmpty)
    }
}
