import Foundation
import XCTest
import Storage

final class AtomicFileTests: XCTestCase {
    var folder: String!

    override func setUp() {
        folder = NSTemporaryDirectory() + "/reader-storage-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    func testDurableAndNotBothReplaceTheFileAndLeaveNoTemporary() throws {
        for durable in [true, false] {
            let sub = folder + "/\(durable)/a/b"
            for i in 0..<20 {
                try AtomicFile.write(Array("content \(i)".utf8), folder: sub, name: "f.bin", durable: durable)
            }
            XCTAssertEqual(contents(sub + "/f.bin"), Array("content 19".utf8))
            XCTAssertEqual(names(sub), ["f.bin"], "durable \(durable)")
        }
    }

    func testCreatesPrivateFolders() throws {
        try AtomicFile.write([1, 2, 3], folder: folder + "/x/y", name: "z", durable: false)
        for path in [folder + "/x", folder + "/x/y"] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o700, path)
        }
        let fileMode = try FileManager.default.attributesOfItem(atPath: folder + "/x/y/z")[.posixPermissions] as? Int
        XCTAssertEqual(fileMode, 0o600)
    }

    func testEmptyAndPathForms() throws {
        try AtomicFile.write([], toPath: folder + "/empty", durable: true)
        XCTAssertEqual(contents(folder + "/empty"), [])
        try AtomicFile.write(Array("u".utf8), toPath: folder + "/sub/u.json", durable: false)
        XCTAssertEqual(contents(folder + "/sub/u.json"), Array("u".utf8))
        XCTAssertEqual(names(folder), ["empty", "sub"])
    }

    func testAFailedRenameLeavesNoTemporary() throws {
        // The target is a non-empty folder: rename(2) fails after the temporary is written.
        try FileManager.default.createDirectory(atPath: folder + "/target/inside", withIntermediateDirectories: true)
        for durable in [true, false] {
            XCTAssertThrowsError(try AtomicFile.write([1], folder: folder, name: "target", durable: durable)) { error in
                XCTAssertEqual((error as? AtomicFile.WriteError)?.path, folder + "/target")
            }
        }
        XCTAssertEqual(names(folder), ["target"])
    }

    func testAnUncreatableFolderThrows() throws {
        _ = FileManager.default.createFile(atPath: folder + "-file", contents: Data())
        defer { try? FileManager.default.removeItem(atPath: folder + "-file") }
        XCTAssertThrowsError(try AtomicFile.write([1], folder: folder + "-file/sub", name: "x", durable: false)) { error in
            XCTAssertEqual(error as? AtomicFile.WriteError,
                           AtomicFile.WriteError(path: folder + "-file/sub", reason: "cannot create folder"))
        }
    }

    func testTemporaryNames() {
        let a = AtomicFile.temporaryName(for: "x.json"), b = AtomicFile.temporaryName(for: "x.json")
        XCTAssertNotEqual(a, b)
        XCTAssertTrue(a.hasPrefix(".x.json.\(getpid())."))
        XCTAssertTrue(AtomicFile.isTemporary(a))
        XCTAssertFalse(AtomicFile.isTemporary("x.json"))
    }

    func testAbandonedTemporariesOfDeadWritersAreRemoved() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A pid that cannot exist (above pid_max), ours (alive), and a name without a pid.
        let dead = ".a.json.2147483647.123.tmp", alive = ".a.json.\(getpid()).456.tmp", odd = ".odd.tmp"
        for name in [dead, alive, odd, "a.json"] { _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()) }
        AtomicFile.removeAbandonedTemporaries(in: folder)
        XCTAssertEqual(names(folder), [alive, odd, "a.json"].sorted())
    }

    func testConcurrentWritersEachLeaveAWholeFile() throws {
        let payloads = (0..<4).map { i in [UInt8](repeating: UInt8(i), count: 200_000) }
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            for _ in 0..<10 { try? AtomicFile.write(payloads[i], folder: folder, name: "shared", durable: false) }
        }
        let result = try XCTUnwrap(contents(folder + "/shared"))
        XCTAssertTrue(payloads.contains(result), "a mix of writers")
        XCTAssertEqual(names(folder), ["shared"])
    }
}
