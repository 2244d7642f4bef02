extension TextContentBuilder {
    /// Longest reading kept, in bytes (cut at a scalar boundary beyond it).
    public static let maximumReadingLength = 1024

    /// Records `reading` (ruby) over `base`, bytes of the open block already appended.
    /// The reading is sanitised, its whitespace runs (line breaks included) become one
    /// space, and it is trimmed. Nothing is recorded (false) when no block is open, the
    /// base is empty or not inside the open block's text, it overlaps the previous
    /// annotation, or the reading is empty.
    ///
    /// A base ends with a character that shows: trailing spaces and tabs are left out of it,
    /// and a base across a hard line break is not recorded (a line may break there, and a
    /// base is kept on one line).
    @discardableResult
    public mutating func addRuby(over base: ByteRange, reading: String) -> Bool {
        guard let start = openBlockStart, base.lowerBound >= start, base.upperBound.rawValue <= bytes.count else { return false }
        var upper = base.upperBound.rawValue
        while upper > base.lowerBound.rawValue && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
        let base = ByteRange(base.lowerBound.rawValue, upper)
        guard !base.isEmpty, !bytes[base.intRange].contains(0x0A),
              rubies.last.map({ $0.base.upperBound <= base.lowerBound }) ?? true else { return false }
        let clean = Self.cleanReading(reading)
        guard !clean.isEmpty else { return false }
        let lower = rubyText.count
        rubyText.append(contentsOf: clean)
        rubies.append(RubyAnnotation(base: base, reading: lower..<rubyText.count))
        return true
    }

    /// Appends `base` (as `append` does) and records `reading` over it; false (the base
    /// still appended) when the reading is empty.
    @discardableResult
    public mutating func appendRuby<S: StringProtocol>(base: S, reading: String) -> Bool {
        append(base)
        let start = max(openBlockStart ?? currentOffset, currentOffset - base.utf8.count)
        return addRuby(over: ByteRange(start, currentOffset), reading: reading)
    }

    /// Records emphasis marks over `range`, bytes of the open block already appended. A
    /// run that overlaps the previous one starts where it ends; one touching a run of the
    /// same mark extends it. False when nothing is left to record.
    @discardableResult
    public mutating func addEmphasisMarks(over range: ByteRange, mark: EmphasisMark) -> Bool {
        guard let start = openBlockStart else { return false }
        var lower = max(range.lowerBound, start)
        let upper = min(range.upperBound, currentOffset)
        if let last = emphasisMarks.last { lower = max(lower, last.range.upperBound) }
        guard lower < upper else { return false }
        if let last = emphasisMarks.last, last.mark == mark, last.range.upperBound == lower {
            emphasisMarks[emphasisMarks.count - 1].range = ByteRange(last.range.lowerBound, upper)
        } else {
            emphasisMarks.append(EmphasisMarkRun(range: ByteRange(lower, upper), mark: mark))
        }
        return true
    }

    /// A reading's bytes: sanitised, whitespace runs as one space, trimmed, at most
    /// `maximumReadingLength` bytes.
    static func cleanReading(_ reading: String) -> [UInt8] {
        var raw: [UInt8] = []
        var s = reading
        s.withUTF8 { TextSanitizer.append($0, to: &raw) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var pendingSpace = false
        for b in raw {
            if b == 0x20 || b == 0x0A || b == 0x09 {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(b)
        }
        if out.count > maximumReadingLength {
            var cut = maximumReadingLength
            while cut > 0 && out[cut] & 0xC0 == 0x80 { cut -= 1 }
            out.removeSubrange(cut...)
        }
        return out
    }

    /// Cuts the annotations to text that ends at `end` (trimmed at a block's end); those
    /// left empty are dropped.
    mutating func clampAnnotations(to end: Int) {
        let limit = ByteOffset(end)
        while let last = rubies.last, last.base.upperBound > limit {
            if last.base.lowerBound >= limit { rubies.removeLast(); continue }
            rubies[rubies.count - 1].base = ByteRange(last.base.lowerBound, limit)
            break
        }
        while let last = emphasisMarks.last, last.range.upperBound > limit {
            if last.range.lowerBound >= limit { emphasisMarks.removeLast(); continue }
            emphasisMarks[emphasisMarks.count - 1].range = ByteRange(last.range.lowerBound, limit)
            break
        }
    }

    /// Takes `other`'s annotations and images, their text moved `base` bytes on.
    mutating func appendAnnotations(of other: TextContentBuilder, shiftedBy base: Int) {
        let readingBase = rubyText.count
        rubyText.append(contentsOf: other.rubyText)
        for r in other.rubies {
            rubies.append(RubyAnnotation(base: r.base.shifted(by: base),
                                         reading: (r.reading.lowerBound + readingBase)..<(r.reading.upperBound + readingBase)))
        }
        for e in other.emphasisMarks { emphasisMarks.append(EmphasisMarkRun(range: e.range.shifted(by: base), mark: e.mark)) }
        for i in other.images { images.append(ImageReference(offset: i.offset + base, source: i.source)) }
    }
}
