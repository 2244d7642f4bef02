import Glibc

/// The file system side of the library: listing `hyph_*.dic`, resolving links, reading a
/// file whole (regular files only, at most a limit).
enum PatternFileReader {
    /// The stems (`en_US`) of the `hyph_<stem>.dic` files in `directory`, sorted; empty
    /// when the folder cannot be read.
    static func stems(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var stems: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard name.hasPrefix("hyph_"), name.hasSuffix(".dic"), name.count > 9 else { continue }
            stems.append(String(name.dropFirst(5).dropLast(4)))
        }
        return stems.sorted()
    }

    /// `path` with its symbolic links resolved, nil when it does not exist.
    static func resolvedPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The whole file, or why not.
    static func contents(of path: String, limit: Int) -> Result<[UInt8], PatternFileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.init(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.init(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.init("not a regular file")) }
        guard Int(info.st_size) <= limit else { return .failure(.init("larger than \(limit >> 20) MiB")) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return .failure(.init(n == 0 ? "shorter than its size" : String(cString: strerror(errno)))) }
            done += n
        }
        return .success(bytes)
    }
}
