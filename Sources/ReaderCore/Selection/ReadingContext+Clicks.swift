/// Counting clicks: two on the same cell within `doubleClickSeconds` are a double click
/// (a word), three a triple click (a paragraph).
extension ReadingContext {
    /// The most time between the clicks of a double or triple click.
    static let doubleClickSeconds = 0.4

    /// Records a click at `time`; returns how many clicks in a row it makes (1, 2, 3, then 1 again).
    func countClick(row: Int, column: Int, at time: Double) -> Int {
        var count = 1
        if let last = lastClick, last.row == row, last.column == column, time - last.time <= Self.doubleClickSeconds,
           time >= last.time {
            count = last.count % 3 + 1
        }
        lastClick = (time, row, column, count)
        return count
    }
}
