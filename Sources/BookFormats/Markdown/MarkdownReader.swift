import TextContent

/// A Markdown file → `TextContent`. (Skeleton.)
public enum MarkdownReader {
    /// Reads a Markdown file.
    public static func read(path: String) throws -> TextContent {
        throw BookError.noReadableContent(path: path, reason: "Markdown is not supported yet")
    }
}
