import Foundation

/// The helper executables the crash-safety tests start and kill (`state-writer`,
/// `library-writer`, `stats-writer`: each writes through the real store in a loop and
/// prints a line after every write).
enum WriterProcess {
    /// The built helper `name`, found next to the test bundle or above it.
    static func executable(_ name: String) -> URL {
        var dir = Bundle(for: StateCrashSafetyTests.self).bundleURL
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) && dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent(name)
    }

    /// Starts `executable` with `arguments`, its output on a pipe (stderr discarded).
    static func launch(_ executable: URL, _ arguments: [String]) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        return (p, out)
    }
}
