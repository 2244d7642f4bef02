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
        let rubies = content.rubies
        let lower = range.lowerBound, upper = range.upperBound
        if ruby > rubies.count || (ruby > 0 && rubies[ruby - 1].base.upperBound > lower) {
            ruby = rubies.partitioningIndex { $0.base.upperBound > lower }
        }
        while ruby < rubies.count && rubies[ruby].base.upperBound <= lower { ruby += 1 }
        var last = ruby
        while last < rubies.count && rubies[last].base.lowerBound < upper { last += 1 }
        return rubies[ruby..<last]
    }

    /// The emphasis-mark runs that intersect `range`, in order.
    mutating func emphasisMarks(intersecting range: ByteRange, in content: borrowing TextContent) -> ArraySlice<EmphasisMarkRun> {
        let marks = content.emphasisMarks
        let lower = range.lowerBound, upper = range.upperBound
        if mark > marks.count || (mark > 0 && marks[mark - 1].range.upperBound > lower) {
            mark = marks.partitioningIndex { $0.range.upperBound > lower }
        }
        while mark < marks.count && marks[mark].range.upperBound <= lower { mark += 1 }
        var last = mark
        while last < marks.count && marks[last].range.lowerBound < upper { last += 1 }
        return marks[mark..<last]
    }
}
