import TextContent

/// Reads EPUB 2/3 publications into a `TextContent`.
///
/// See `EPUBPackage` for lazy access (open cheaply, parse one document at a time).
public enum EPUBReader {
    /// Reads the whole book at `path`. Throws a `BookError` when it cannot be opened.
    public static func read(path: String) throws -> TextContent {
        try EPUBPackage(path: path).readAll()
    }
}
