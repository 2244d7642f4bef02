import Support

extension TextContent {
    /// The style runs that intersect `range`, in order: every run that starts inside it
    /// (binary search for both ends), and before them the runs that start earlier and
    /// reach into it, found by a bounded scan back (runs nest, and nested runs are short).
    public func styleRuns(intersecting range: ByteRange) -> [StyleRun] {
        let lo = styles.partitioningIndex { $0.range.lowerBound >= range.lowerBound }
        let hi = max(lo, styles.partitioningIndex { $0.range.lowerBound >= range.upperBound })
        var before: [StyleRun] = []
        var i = lo - 1
        var looked = 0
        while i >= 0 && looked < 4096 {
            if styles[i].range.upperBound > range.lowerBound { before.append(styles[i]) }
            i -= 1
            looked += 1
        }
        return before.reversed() + styles[lo..<hi]
    }
}
