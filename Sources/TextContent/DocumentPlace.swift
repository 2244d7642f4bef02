/// A place named by the source document it is in (an EPUB spine entry) and its distance
/// from that document's first text, so it can be found again in a `TextContent` holding
/// only some of the book's documents (a book opened from one chapter, issue #20) and in
/// the whole book, whose offsets differ by where the document starts.
public struct DocumentPlace: Hashable, Sendable {
    /// The source document (`SourceMap` name: an EPUB entry path).
    public var source: String
    /// Bytes from the document's first anchored text (`SourceMap.firstOffset(ofSource:)`).
    public var offset: Int

    /// A place.
    public init(source: String, offset: Int) {
        self.source = source
        self.offset = max(0, offset)
    }
}

extension TextContent {
    /// The document place of `offset`, nil when no source anchor precedes it.
    public func documentPlace(of offset: ByteOffset) -> DocumentPlace? {
        guard let path = sourceMap.location(of: offset)?.path, let start = sourceMap.firstOffset(ofSource: path) else {
            return nil
        }
        return DocumentPlace(source: path, offset: offset.rawValue - start.rawValue)
    }

    /// The offset of `place` in this content (clamped to the text), nil when its document
    /// is not here.
    public func offset(of place: DocumentPlace) -> ByteOffset? {
        guard let start = sourceMap.firstOffset(ofSource: place.source) else { return nil }
        return ByteOffset(min(start.rawValue + place.offset, bytes.count))
    }
}
