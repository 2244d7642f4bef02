import Support

extension TextContent {
    /// The reading of an annotation as a string.
    public func reading(of ruby: RubyAnnotation) -> String {
        String(decoding: rubyText[ruby.reading], as: UTF8.self)
    }

    /// The annotations whose base intersects `range`, in order (O(log n)).
    public func rubies(intersecting range: ByteRange) -> ArraySlice<RubyAnnotation> {
        let first = rubies.partitioningIndex { $0.base.upperBound > range.lowerBound }
        var last = first
        while last < rubies.count && rubies[last].base.lowerBound < range.upperBound { last += 1 }
        return rubies[first..<last]
    }

    /// The emphasis-mark runs that intersect `range`, in order (O(log n)).
    public func emphasisMarks(intersecting range: ByteRange) -> ArraySlice<EmphasisMarkRun> {
        let first = emphasisMarks.partitioningIndex { $0.range.upperBound > range.lowerBound }
        var last = first
        while last < emphasisMarks.count && emphasisMarks[last].range.lowerBound < range.upperBound { last += 1 }
        return emphasisMarks[first..<last]
    }

    /// Whether the text has annotations a layout has to make room for (ruby or marks).
    public var hasAnnotations: Bool { !rubies.isEmpty || !emphasisMarks.isEmpty }

    /// Violations of the annotations' invariants (part of `validate()`).
    func validateAnnotations() -> [String] {
        var problems: [String] = []
        let check = rubyText.withUnsafeBufferPointer { TextBytesCheck.check($0) }
        if check.firstInvalidUTF8 != nil || check.firstControl != nil || check.firstC1 != nil {
            problems.append("ruby text is not clean UTF-8")
        }
        func withinOneBlock(_ r: ByteRange) -> Bool {
            let i = blockIndex(atOrAfter: r.lowerBound)
            return i < blocks.count && blocks[i].range.lowerBound <= r.lowerBound && r.upperBound <= blocks[i].range.upperBound
        }
        var previousEnd = ByteOffset.zero
        for r in rubies {
            if r.base.isEmpty || r.base.lowerBound < previousEnd || !withinOneBlock(r.base) {
                problems.append("ruby base \(r.base) empty, unsorted, overlapping or not inside one block")
            }
            if r.reading.isEmpty || r.reading.lowerBound < 0 || r.reading.upperBound > rubyText.count {
                problems.append("ruby reading of \(r.base) empty or outside the ruby text")
            }
            previousEnd = r.base.upperBound
        }
        previousEnd = .zero
        for e in emphasisMarks {
            if e.range.isEmpty || e.range.lowerBound < previousEnd || !withinOneBlock(e.range) {
                problems.append("emphasis marks \(e.range) empty, unsorted, overlapping or not inside one block")
            }
            previousEnd = e.range.upperBound
        }
        return problems
    }
}
