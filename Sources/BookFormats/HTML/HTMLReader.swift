import TextContent

/// A single HTML/XHTML file → `TextContent`. (Skeleton.)
public enum HTMLReader {
    /// Reads an HTML file.
    public static func read(path: String) throws -> TextContent {
        throw BookError.noReadableContent(path: path, reason: "HTML is not supported yet")
    }
}
