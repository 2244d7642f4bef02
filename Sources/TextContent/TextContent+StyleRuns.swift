import Support

extension TextContent {
    /// The style runs that intersect `range`, in order (binary search on the sorted runs,
    /// then a bounded scan back for runs that start earlier and reach into it: nested runs
    /// are short).
    public func styleRuns(intersecting range: ByteRange) -> [StyleRun] {
        let hi = styles.partitioningIndex { $0.range.lowerBound >= range.upperBound }
        var result: [StyleRun] = []
        var i = hi - 1
        var looked = 0
        while i >= 0 && looked < 4096 {
            if styles[i].range.upperBound > range.lowerBound { result.append(styles[i]) }
            i -= 1
            looked += 1
        }
        return result.reversed()
    }
}
