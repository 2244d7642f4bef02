import Foundation
import XCTest

/// Runs the built `reader` with fresh, temporary XDG folders and returns its stdout
/// (stderr discarded); fails the test when it does not exit 0.
enum ReaderRun {
    /// How a program ended: its exit status and what it wrote.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with `arguments` (stdin empty) and collects its output.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while it runs (either could fill up and block it).
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The built `reader` with `arguments`, its XDG folders in a fresh temporary folder.
    static func reader(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Outcome {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("reader-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path, "XDG_STATE_HOME": cache.path, "XDG_CONFIG_HOME": cache.path,
                           "PATH": "/usr/bin:/bin"]
            .merging(extra) { $1 }
        return try run(TmuxSessionTests.binary, arguments, environment: environment)
    }

    static func stdout(_ arguments: [String], environment extra: [String: String] = [:],
                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let outcome = try reader(arguments, environment: extra)
        XCTAssertEqual(outcome.status, 0, file: file, line: line)
        return outcome.stdout
    }

    /// `stdout` split into lines.
    static func lines(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try stdout(arguments, file: file, line: line).components(separatedBy: "\n")
    }
}
