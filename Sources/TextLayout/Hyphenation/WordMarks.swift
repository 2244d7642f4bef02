/// The segments of a run that total fit asks to be hyphenated: a flag a segment, by
/// absolute segment index (the run's are contiguous, so no hashing).
struct WordMarks {
    private let first: Int
    private var flags: [Bool]
    /// How many segments are marked.
    private(set) var marked = 0

    /// No segment of the `count` from `first` marked.
    init(first: Int, count: Int) {
        self.first = first
        flags = [Bool](repeating: false, count: count)
    }

    var isEmpty: Bool { marked == 0 }

    /// Marks the segments `range` (indices relative to the run).
    mutating func mark(_ range: ClosedRange<Int>) {
        for i in range where !flags[i] {
            flags[i] = true
            marked += 1
        }
    }

    /// Whether segment `s` (absolute index) is marked.
    @inline(__always) func contains(_ s: Int) -> Bool {
        let i = s - first
        return i >= 0 && i < flags.count && flags[i]
    }
}
