import Foundation
import Support
import XCTest
@testable import ReaderApp

/// The wall clock and the library entry's size without Foundation, against what Foundation gave.
final class WallClockTests: XCTestCase {
    func testNowIsDatesNow() {
        let before = Date().timeIntervalSince1970
        let now = WallClock.now()
        let after = Date().timeIntervalSince1970
        XCTAssertLessThanOrEqual(before - 0.001, now)
        XCTAssertLessThanOrEqual(now, after + 0.001)
    }

    func testTheEntrySizeIsALinksOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("book.txt"), link = folder.appendingPathComponent("link.txt")
        try Data(repeating: 65, count: 1234).write(to: file)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)
        for path in [file.path, link.path] {
            let foundation = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            XCTAssertEqual(FileSystem.entrySize(path), foundation, path)
        }
        XCTAssertNil(FileSystem.entrySize(folder.appendingPathComponent("none").path))
    }
}
