import TextContent

extension InlineStyles {
    /// The styles of the byte at `offset` from `runs` (sorted by start, as
    /// `TextContent.styles`), in the order they apply.
    public init(at offset: ByteOffset, runs: [StyleRun]) {
        self.init()
        for run in runs where run.range.lowerBound <= offset && offset < run.range.upperBound { append(run.style) }
    }
}
