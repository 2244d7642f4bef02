import TextContent

/// Reads EPUB 2/3 publications. (Being implemented.)
public enum EPUBReader {
    /// Reads the whole book at `path`.
    public static func read(path: String) throws -> TextContent {
        throw BookError.invalidEPUB(path: path, reason: "EPUB support not implemented yet")
    }
}
