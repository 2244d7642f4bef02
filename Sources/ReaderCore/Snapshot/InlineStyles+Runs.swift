import Support
import TextContent

extension InlineStyles {
    /// The styles of the byte at `offset` from `runs` (sorted by start, as
    /// `TextContent.styles`), in the order they apply.
    public init(at offset: ByteOffset, runs: [StyleRun]) {
        self.init()
        for run in runs where run.range.lowerBound <= offset && offset < run.range.upperBound { append(run.style) }
    }

    /// The style runs of `content` that intersect `span` (binary search on the sorted runs,
    /// then a short scan back), in order.
    public static func runs(in span: ByteRange, of content: TextContent) -> [StyleRun] {
        let styles = content.styles
        let lo = styles.partitioningIndex { $0.range.lowerBound >= span.upperBound }
        var result: [StyleRun] = []
        var i = lo - 1
        // Runs start before the span's end; nested runs are short, so look back a bounded way.
        var looked = 0
        while i >= 0 && looked < 4096 {
            if styles[i].range.upperBound > span.lowerBound { result.append(styles[i]) }
            i -= 1
            looked += 1
        }
        return result.reversed()
    }
}
