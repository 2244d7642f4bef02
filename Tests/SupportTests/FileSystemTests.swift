import Glibc
import XCTest
@testable import Support

final class FileSystemTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        var template = Array("/tmp/reader-fs-test.XXXXXX".utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    override func tearDown() {
        for name in (try? FileSystem.contentsOfDirectory(folder)) ?? [] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    private func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = folder + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }, bytes.count)
        close(fd)
        return path
    }

    func testReadsWholeFilesOfEverySize() throws {
        for size in [0, 1, 4095, 4096, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = write(bytes, "f\(size)")
            XCTAssertEqual(try FileSystem.read(path), bytes, "size \(size)")
            XCTAssertEqual(FileSystem.size(path), size)
            XCTAssertEqual(try FileSystem.readPrefix(path, count: 100), Array(bytes.prefix(100)))
        }
    }

    func testReadRefusesFilesOverTheLimitAndMissingOnes() {
        let path = write([UInt8](repeating: 1, count: 10), "ten")
        XCTAssertThrowsError(try FileSystem.read(path, limit: 9))
        XCTAssertEqual(try FileSystem.read(path, limit: 10).count, 10)
        XCTAssertThrowsError(try FileSystem.read(folder + "/missing")) { error in
            XCTAssertEqual((error as? SystemError)?.code, ENOENT)
            XCTAssertEqual((error as? SystemError)?.path, self.folder + "/missing")
        }
    }

    func testReadsFilesTheKernelReportsAsEmpty() throws {
        let status = try FileSystem.read("/proc/self/status")
        XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("VmRSS"))
    }

    func testStatusTellsFilesFromFolders() {
        let path = write([1, 2, 3], "three")
        XCTAssertEqual(FileSystem.status(path)?.isRegularFile, true)
        XCTAssertEqual(FileSystem.status(path)?.isDirectory, false)
        XCTAssertTrue(FileSystem.isDirectory(folder))
        XCTAssertFalse(FileSystem.isDirectory(path))
        XCTAssertNil(FileSystem.status(folder + "/none"))
        XCTAssertTrue(FileSystem.exists(path))
        XCTAssertFalse(FileSystem.exists(folder + "/none"))
    }

    func testListsRenamesAndRemoves() throws {
        _ = write([1], "a")
        _ = write([2], "b")
        XCTAssertEqual(try FileSystem.contentsOfDirectory(folder).sorted(), ["a", "b"])
        try FileSystem.rename(folder + "/a", to: folder + "/b")
        XCTAssertEqual(try FileSystem.read(folder + "/b"), [1])
        try FileSystem.remove(folder + "/b")
        XCTAssertEqual(try FileSystem.contentsOfDirectory(folder), [])
        XCTAssertThrowsError(try FileSystem.remove(folder + "/b"))
        XCTAssertThrowsError(try FileSystem.contentsOfDirectory(folder + "/none"))
    }

    func testCreatesFoldersWithTheirParents() throws {
        let deep = folder + "/x/y/z"
        try FileSystem.createDirectory(deep)
        XCTAssertTrue(FileSystem.isDirectory(deep))
        try FileSystem.createDirectory(deep)   // existing: fine
        var info = stat()
        XCTAssertEqual(stat(folder + "/x", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        let file = write([1], "plain")
        XCTAssertThrowsError(try FileSystem.createDirectory(file + "/sub"))
        for path in [deep, folder + "/x/y", folder + "/x"] { try FileSystem.remove(path) }
    }
}

extension FileSystemTests {
    func testReadPrefixOfProcFilesAndOfFilesShorterThanTheCount() throws {
        let path = folder + "/short"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertEqual(Glibc.write(fd, "abc", 3), 3)
        close(fd)
        XCTAssertEqual(try FileSystem.readPrefix(path, count: 64 << 20), Array("abc".utf8))
        XCTAssertEqual(try FileSystem.readPrefix(path, count: 2), Array("ab".utf8))
        XCTAssertEqual(try FileSystem.readPrefix(path, count: 0), [])
        let status = try FileSystem.readPrefix("/proc/self/status", count: 1 << 20)
        XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("VmRSS"))
        XCTAssertEqual(try FileSystem.readPrefix("/proc/self/status", count: 5).count, 5)
        try FileSystem.remove(path)
    }
}

extension FileSystemTests {
    func testEntrySizeIsALinksOwnSize() throws {
        let target = folder + "/target"
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertEqual(Glibc.write(fd, "0123456789", 10), 10)
        close(fd)
        let link = folder + "/link"
        XCTAssertEqual(symlink(target, link), 0)
        XCTAssertEqual(FileSystem.entrySize(target), 10)
        XCTAssertEqual(FileSystem.entrySize(link), target.utf8.count, "the link's own length, not its target's")
        XCTAssertEqual(FileSystem.size(link), 10)
        XCTAssertNil(FileSystem.entrySize(folder + "/none"))
        try FileSystem.remove(link)
        try FileSystem.remove(target)
    }
}
