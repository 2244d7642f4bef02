import TextContent

/// Reads plain-text books. (Being implemented.)
public enum PlainTextReader {
    /// Reads the whole book at `path`; `encoding` overrides detection.
    public static func read(path: String, encoding: String?) throws -> TextContent {
        throw BookError.undecodable(path: path, reason: "TXT support not implemented yet")
    }
}
