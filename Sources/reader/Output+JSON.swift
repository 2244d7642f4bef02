import Support

extension Output {
    /// The `--json` documents of `list`, `stats` and `define`: pretty printed, keys sorted,
    /// slashes as they are — byte for byte what Foundation's `JSONEncoder` wrote with
    /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` — then a line feed.
    mutating func writeJSON<T: Encodable>(_ value: T) throws {
        write(bytes: try JSONTextEncoder(prettyPrinted: true, sortedKeys: true, escapesSlashes: false).encode(value))
        write("\n")
    }
}
