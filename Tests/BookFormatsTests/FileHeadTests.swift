import Foundation
import XCTest
@testable import BookFormats

/// `FileHead` reads as `FileHandle(forReadingAtPath:)` and `read(upToCount:)` did.
final class FileHeadTests: XCTestCase {
    private func foundation(_ path: String, _ count: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: count)) ?? Data())
    }

    func testAgreesWithFileHandle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FileHeadTests-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("book.txt").path
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        _ = FileManager.default.createFile(atPath: text, contents: Data(bytes))
        let empty = folder.appendingPathComponent("empty.txt").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let paths = [text, empty, folder.path, folder.appendingPathComponent("missing").path, "/proc/self/cmdline", "/dev/null"]
        for path in paths {
            for count in [0, 4, 4096, 200_000, 200_001, 300_000] {
                XCTAssertEqual(FileHead.read(path, count: count), foundation(path, count), "\(path) \(count)")
            }
        }
        XCTAssertEqual(FileHead.read(folder.path, count: 4), [])
        XCTAssertNil(FileHead.read(folder.appendingPathComponent("missing").path, count: 4))
    }
}
