import TextContent

/// MOBI / AZW3 / PalmDOC → `TextContent`. (Skeleton: replaced by the MOBI parser.)
public enum MOBIReader {
    /// Reads a Palm database book.
    public static func read(path: String) throws -> TextContent {
        throw BookError.noReadableContent(path: path, reason: "MOBI is not supported yet")
    }
}
