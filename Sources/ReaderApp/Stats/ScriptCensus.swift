import TextContent

/// A book's characters per script class, per chapter, counted once (a linear pass over
/// the text), so the text left after a position is one count of the rest of its chapter
/// plus a sum.
public struct ScriptCensus: Sendable {
    /// Each chapter's counts, in order.
    public let chapters: [ScriptCounts]
    /// `after[i]`: the counts of the chapters after chapter i.
    private let after: [ScriptCounts]

    /// Counts `content`.
    public init(_ content: TextContent) {
        chapters = content.chapters.map { ScriptCounts.count(content.bytes, $0.range.lowerBound.rawValue..<$0.range.upperBound.rawValue) }
        var sums = [ScriptCounts](repeating: ScriptCounts(), count: chapters.count)
        var running = ScriptCounts()
        for i in chapters.indices.reversed() {
            sums[i] = running
            running = running + chapters[i]
        }
        after = sums
    }

    /// What is left to read from `position`: the rest of its chapter, and of the book.
    public func remaining(from position: ByteOffset, in content: TextContent) -> (chapter: ScriptCounts, book: ScriptCounts) {
        guard let index = content.chapterIndex(containing: position), index < chapters.count else { return (ScriptCounts(), ScriptCounts()) }
        let rest = ScriptCounts.count(content, from: position, to: content.chapters[index].range.upperBound)
        return (rest, rest + after[index])
    }
}
