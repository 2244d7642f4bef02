/// The resolved embedding levels of one paragraph (UAX #9 up to rule I2), from which each
/// line's visual order is computed (rules L1 and L2).
///
/// Levels are kept as one byte per input scalar; `BidiResult.removedLevel` marks the
/// characters removed by rule X9 (embeddings, overrides, PDF and BN). A paragraph that took
/// the left-to-right fast path stores no levels at all.
public struct BidiResult: Sendable {
    /// The byte that stands for "no level" (a character removed by X9) in `levelBytes` and
    /// `lineLevels(lineStart:lineEnd:)`.
    public static let removedLevel: UInt8 = 0xFF

    /// The paragraph embedding level: 0 (left to right) or 1 (right to left).
    public let paragraphLevel: Int
    /// The number of input scalars.
    public let count: Int
    /// Resolved levels, one per scalar (`removedLevel` for X9-removed characters); empty
    /// when `isLeftToRightOnly`.
    @usableFromInline let storedLevels: [UInt8]
    /// Original Bidi_Class raw values (needed by L1); empty when `isLeftToRightOnly`.
    @usableFromInline let classes: [UInt8]
    /// Fast path only: the indices of the X9-removed characters (usually none).
    @usableFromInline let removedIndices: [Int32]

    /// True when the paragraph took the fast path: no character could raise a level, every
    /// level is 0 (X9-removed characters apart) and every line's visual order is its
    /// logical order.
    public var isLeftToRightOnly: Bool { storedLevels.isEmpty && paragraphLevel == 0 }

    init(paragraphLevel: Int, levels: [UInt8], classes: [UInt8]) {
        self.paragraphLevel = paragraphLevel
        self.count = levels.count
        self.storedLevels = levels
        self.classes = classes
        self.removedIndices = []
    }

    init(leftToRightCount count: Int, removed: [Int32]) {
        self.paragraphLevel = 0
        self.count = count
        self.storedLevels = []
        self.classes = []
        self.removedIndices = removed
    }

    /// The resolved level of each input scalar; `nil` for the characters removed by rule X9.
    /// (A convenience that allocates; `level(at:)` and `levelBytes` do not.)
    public var levels: [Int?] {
        (0..<count).map { level(at: $0) }
    }

    /// The resolved levels as bytes, `removedLevel` for X9-removed characters.
    public var levelBytes: [UInt8] {
        if !storedLevels.isEmpty || count == 0 { return storedLevels }
        var bytes = [UInt8](repeating: 0, count: count)
        for i in removedIndices { bytes[Int(i)] = Self.removedLevel }
        return bytes
    }

    /// The resolved level of the scalar at `index`, or nil if X9 removed it.
    public func level(at index: Int) -> Int? {
        precondition(index >= 0 && index < count, "index out of range")
        if storedLevels.isEmpty {
            return removedIndices.isEmpty || !removedIndices.contains(Int32(index)) ? 0 : nil
        }
        let l = storedLevels[index]
        return l == Self.removedLevel ? nil : Int(l)
    }

    /// The levels of the line `lineStart..<lineEnd` after rule L1 (segment and paragraph
    /// separators, and the whitespace and isolate formatting characters before them and at
    /// the end of the line, go back to the paragraph level); `removedLevel` for
    /// X9-removed characters.
    public func lineLevels(lineStart: Int, lineEnd: Int) -> [UInt8] {
        precondition(0 <= lineStart && lineStart <= lineEnd && lineEnd <= count, "line out of range")
        let n = lineEnd - lineStart
        if storedLevels.isEmpty {
            var bytes = [UInt8](repeating: UInt8(paragraphLevel), count: n)
            for i in removedIndices where Int(i) >= lineStart && Int(i) < lineEnd { bytes[Int(i) - lineStart] = Self.removedLevel }
            return bytes
        }
        return [UInt8](unsafeUninitializedCapacity: n) { out, initialized in
            storedLevels.withUnsafeBufferPointer { lv in
                classes.withUnsafeBufferPointer { cl in
                    BidiReordering.applyL1(levels: lv.baseAddress! + lineStart, classes: cl.baseAddress! + lineStart,
                                           count: n, paragraphLevel: UInt8(paragraphLevel), into: out.baseAddress!)
                }
            }
            initialized = n
        }
    }

    /// The visual order of the line `lineStart..<lineEnd` (indices into the paragraph's
    /// scalars, left to right on screen; X9-removed characters left out): rules L1 and L2.
    public func visualOrder(lineStart: Int, lineEnd: Int) -> [Int] {
        precondition(0 <= lineStart && lineStart <= lineEnd && lineEnd <= count, "line out of range")
        if storedLevels.isEmpty && paragraphLevel == 0 {
            if removedIndices.isEmpty { return Array(lineStart..<lineEnd) }
            let removed = Set(removedIndices.lazy.map(Int.init))
            return (lineStart..<lineEnd).filter { !removed.contains($0) }
        }
        if storedLevels.isEmpty { return Bidi.reorder(levels: lineLevels(lineStart: lineStart, lineEnd: lineEnd), offset: lineStart) }
        let n = lineEnd - lineStart
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(n, 1)) { scratch in
            storedLevels.withUnsafeBufferPointer { lv in
                classes.withUnsafeBufferPointer { cl in
                    BidiReordering.applyL1(levels: lv.baseAddress! + lineStart, classes: cl.baseAddress! + lineStart,
                                           count: n, paragraphLevel: UInt8(paragraphLevel), into: scratch.baseAddress!)
                }
            }
            return BidiReordering.reorder(levels: UnsafeBufferPointer(rebasing: scratch[0..<n]), offset: lineStart)
        }
    }
}
