import TextContent

extension InlineStyles {
    /// The styles of the byte at `offset` from `runs` (sorted by start, as
    /// `TextContent.styles`), in the order they apply.
    public init(at offset: ByteOffset, runs: [StyleRun]) {
        self.init()
        for run in runs where run.range.lowerBound <= offset && offset < run.range.upperBound { append(run.style) }
    }
}

extension InlineStyles {
    /// Adds the display style of the emphasis marks over the byte at `offset`: a side line
    /// (傍線) is always an underline; dots are a style (`.emphasisMarks`) unless they are
    /// drawn on the ruby row (`drawnAbove`).
    public mutating func appendMarks(at offset: ByteOffset, marks: ArraySlice<EmphasisMarkRun>, drawnAbove: Bool) {
        guard let run = marks.first(where: { $0.range.contains(offset) }) else { return }
        if run.mark.character == nil {
            append(.sideLine)
        } else if !drawnAbove {
            append(.emphasisMarks)
        }
    }
}
