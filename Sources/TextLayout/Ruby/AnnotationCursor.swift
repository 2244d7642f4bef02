import Support
import TextContent

/// The annotations (readings, emphasis marks) of block slices asked in text order, as
/// `TextContent.rubies(intersecting:)` and `emphasisMarks(intersecting:)` give them, found
/// by walking on from the last slice's instead of a search over the whole list (a layout
/// asks once or twice a slice). A range before the last one is found by a search.
struct AnnotationCursor {
    /// The first reading (emphasis-mark run) that ends after the last range's start.
    private var ruby = 0
    private var mark = 0

    /// The readings whose bases intersect `range`, in order.
    mutating func rubies(intersecting range: ByteRange, in content: borrowing TextContent) -> ArraySlice<RubyAnnotation> {
        Self.walk(&ruby, content.rubies, to: range) { $0.base }
    }

    /// The emphasis-mark runs that intersect `range`, in order.
    mutating func emphasisMarks(intersecting range: ByteRange, in content: borrowing TextContent) -> ArraySlice<EmphasisMarkRun> {
        Self.walk(&mark, content.emphasisMarks, to: range) { $0.range }
    }

    /// The items of `items` (sorted, not overlapping) whose `span` intersects `range`, from
    /// `first` on — the first item ending after the last range's start — which it moves to
    /// the first ending after `range`'s start (a search when `range` starts before it).
    @inline(__always)
    private static func walk<T>(_ first: inout Int, _ items: [T], to range: ByteRange,
                                span: (T) -> ByteRange) -> ArraySlice<T> {
        let lower = range.lowerBound, upper = range.upperBound
        if first > items.count || (first > 0 && span(items[first - 1]).upperBound > lower) {
            first = items.partitioningIndex { span($0).upperBound > lower }
        }
        while first < items.count && span(items[first]).upperBound <= lower { first += 1 }
        var last = first
        while last < items.count && span(items[last]).lowerBound < upper { last += 1 }
        return items[first..<last]
    }
}
