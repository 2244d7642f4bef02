extension RandomAccessCollection {
    /// The index of the first element for which `belongsInSecondPartition` is true, or
    /// `endIndex` if there is none — a binary search, O(log n) calls of the predicate.
    ///
    /// The predicate must be monotone over the collection: false for some prefix, true for
    /// the rest (e.g. `{ $0 >= x }` on ascending elements). The same shape as
    /// swift-algorithms' `partitioningIndex(where:)`.
    ///
    /// ```swift
    /// [1, 3, 3, 5].partitioningIndex { $0 >= 3 }  // 1: the first 3 (a lower bound)
    /// [1, 3, 3, 5].partitioningIndex { $0 > 3 }   // 3: after the last 3 (an upper bound)
    /// ```
    @inlinable
    public func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var n = count
        var low = startIndex
        while n > 0 {
            let half = n / 2
            let mid = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[mid]) {
                n = half
            } else {
                low = index(after: mid)
                n -= half + 1
            }
        }
        return low
    }
}
