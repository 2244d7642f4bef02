import Foundation
import XCTest

/// Runs the built `reader` with fresh, temporary XDG folders and returns its stdout
/// (stderr discarded); fails the test when it does not exit 0.
enum ReaderRun {
    static func stdout(_ arguments: [String], environment extra: [String: String] = [:],
                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = Process()
        process.executableURL = TmuxSessionTests.binary
        process.arguments = arguments
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("reader-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        process.environment = ["XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": cache.path, "PATH": "/usr/bin:/bin"]
            .merging(extra) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
        return String(decoding: data, as: UTF8.self)
    }

    /// `stdout` split into lines.
    static func lines(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try stdout(arguments, file: file, line: line).components(separatedBy: "\n")
    }
}
