import TextContent

/// FictionBook 2 → `TextContent`. (Skeleton: replaced by the FB2 parser.)
public enum FB2Reader {
    /// Reads an `.fb2` file.
    public static func read(path: String) throws -> TextContent {
        throw BookError.noReadableContent(path: path, reason: "FB2 is not supported yet")
    }
    /// Reads a zip holding an `.fb2` file.
    public static func readZip(path: String) throws -> TextContent {
        throw BookError.noReadableContent(path: path, reason: "FB2 is not supported yet")
    }
}
