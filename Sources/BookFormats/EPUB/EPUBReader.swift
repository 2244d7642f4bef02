import TextContent

/// Reads EPUB 2/3 publications into a `TextContent`.
///
/// See `EPUBPackage` for lazy access (open cheaply, parse one document at a time).
public enum EPUBReader {
    /// Reads the whole book at `path` on up to `threads` threads. Throws a `BookError`
    /// when it cannot be opened.
    public static func read(path: String, threads: Int = 2) throws -> TextContent {
        try EPUBPackage(path: path).readAll(threads: threads)
    }
}
