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
    /// True when the paragraph took the fast path: no character could raise a level, every
    /// level is 0 (X9-removed characters apart) and every line's visual order is its
    /// logical order.
    public let isLeftToRightOnly: Bool
    /// One allocation for everything: on the full path the resolved levels (`count`
    /// bytes, `removedLevel` for X9-removed characters) followed by the original
    /// Bidi_Class raw values (`count` bytes, needed by L1); on the fast path nothing, or,
    /// when some character is removed by X9, the `count` level bytes (0 or `removedLevel`).
    @usableFromInline let storage: [UInt8]

    /// The full path's result: `storage` holds levels then classes.
    init(paragraphLevel: Int, count: Int, levelsAndClasses: [UInt8]) {
        self.paragraphLevel = paragraphLevel
        self.count = count
        self.isLeftToRightOnly = false
        self.storage = levelsAndClasses
    }

    /// The fast path's result: `removedMarks` is empty or has `count` bytes.
    init(leftToRightCount count: Int, removedMarks: [UInt8]) {
        self.paragraphLevel = 0
        self.count = count
        self.isLeftToRightOnly = true
        self.storage = removedMarks
    }

    /// The resolved level of each input scalar; `nil` for the characters removed by rule X9.
    /// (A convenience that allocates; `level(at:)` and `levelBytes` do not.)
    public var levels: [Int?] {
        (0..<count).map { level(at: $0) }
    }

    /// The resolved levels as bytes, `removedLevel` for X9-removed characters.
    public var levelBytes: [UInt8] {
        if isLeftToRightOnly { return storage.isEmpty ? [UInt8](repeating: 0, count: count) : storage }
        return Array(storage[0..<count])
    }

    /// The resolved level of the scalar at `index`, or nil if X9 removed it.
    public func level(at index: Int) -> Int? {
        precondition(index >= 0 && index < count, "index out of range")
        if isLeftToRightOnly && storage.isEmpty { return 0 }
        let l = storage[index]
        return l == Self.removedLevel ? nil : Int(l)
    }

    /// The levels of the line `lineStart..<lineEnd` after rule L1 (segment and paragraph
    /// separators, and the whitespace and isolate formatting characters before them and at
    /// the end of the line, go back to the paragraph level); `removedLevel` for
    /// X9-removed characters.
    public func lineLevels(lineStart: Int, lineEnd: Int) -> [UInt8] {
        precondition(0 <= lineStart && lineStart <= lineEnd && lineEnd <= count, "line out of range")
        let n = lineEnd - lineStart
        if isLeftToRightOnly {
            return storage.isEmpty ? [UInt8](repeating: 0, count: n) : Array(storage[lineStart..<lineEnd])
        }
        return [UInt8](unsafeUninitializedCapacity: n) { out, initialized in
            storage.withUnsafeBufferPointer { st in
                BidiReordering.applyL1(levels: st.baseAddress! + lineStart, classes: st.baseAddress! + count + lineStart,
                                       count: n, paragraphLevel: UInt8(paragraphLevel), into: out.baseAddress!)
            }
            initialized = n
        }
    }

    /// The visual order of the line `lineStart..<lineEnd` (indices into the paragraph's
    /// scalars, left to right on screen; X9-removed characters left out): rules L1 and L2.
    public func visualOrder(lineStart: Int, lineEnd: Int) -> [Int] {
        precondition(0 <= lineStart && lineStart <= lineEnd && lineEnd <= count, "line out of range")
        if isLeftToRightOnly {
            if storage.isEmpty { return Array(lineStart..<lineEnd) }
            return (lineStart..<lineEnd).filter { storage[$0] != Self.removedLevel }
        }
        let n = lineEnd - lineStart
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(n, 1)) { scratch in
            storage.withUnsafeBufferPointer { st in
                BidiReordering.applyL1(levels: st.baseAddress! + lineStart, classes: st.baseAddress! + count + lineStart,
                                       count: n, paragraphLevel: UInt8(paragraphLevel), into: scratch.baseAddress!)
            }
            return BidiReordering.reorder(levels: UnsafeBufferPointer(rebasing: scratch[0..<n]), offset: lineStart)
        }
    }
}
