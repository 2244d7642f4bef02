import Support
import TextContent

/// Per-line flags.
public struct LineFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// First line of a block.
    public static let blockStart = LineFlags(rawValue: 1 << 0)
    /// Last line of a block.
    public static let blockEnd = LineFlags(rawValue: 1 << 1)
    /// The line was cut inside a run with no break opportunity (at a grapheme boundary).
    public static let emergencyBreak = LineFlags(rawValue: 1 << 2)
    /// The line ends at a hyphen the layout added (reserved; no hyphenation yet).
    public static let hyphen = LineFlags(rawValue: 1 << 3)
    /// An empty line between blocks (length 0, starting at the separator `\n` after the
    /// previous block).
    public static let blank = LineFlags(rawValue: 1 << 4)
    /// The line ends with a hard line break inside a block (`<br>`, LF in preformatted text).
    public static let hardBreak = LineFlags(rawValue: 1 << 5)
    /// The line holds a wide cluster that alone exceeds the width (only possible when the
    /// width is 1 cell and the cluster is 2 cells wide).
    public static let overwide = LineFlags(rawValue: 1 << 6)
    /// Right-to-left paragraph (reserved for the bidi work).
    public static let rightToLeft = LineFlags(rawValue: 1 << 7)
    /// A line of a table row wrapped within its columns (`TableGrid`): it draws a piece of
    /// each cell at its column, not its own bytes in order; its bytes are its share of the
    /// row's (the row's lines partition them, see `TableGrid`).
    public static let tableSlice = LineFlags(rawValue: 1 << 8)
    /// A ruby row: the readings and emphasis marks of the line after it, drawn above it
    /// (`TextLayout.rubyRow(over:in:options:)`). Length 0, at the start of that line.
    public static let rubyRow = LineFlags(rawValue: 1 << 9)
    /// The first line of a block that starts a new page (`BlockPlacement.startsPage`).
    public static let pageStart = LineFlags(rawValue: 1 << 10)
    /// A row of a picture drawn in place of an image block's placeholder
    /// (`LineCollection.placingPictures`): every row of a picture starts at the block's
    /// start; the first (`blockStart`) holds the block's bytes, the others none. `indent`
    /// and `width` are the picture's columns in the text column.
    public static let picture = LineFlags(rawValue: 1 << 11)
}

/// One laid-out line: a light view over one record of a `LineCollection`.
public struct Line: Hashable, Sendable {
    /// First byte of the line in the book.
    public var start: ByteOffset
    /// Number of bytes (including hanging trailing spaces and a final `\n`, if any).
    public var length: Int
    /// Width in cells of the visible content, without the indent and hanging spaces.
    public var width: Int
    /// Cells of indentation before the content.
    public var indent: Int
    /// Kind of the block the line belongs to.
    public var kind: BlockKind
    /// Flags.
    public var flags: LineFlags

    /// Creates a line record.
    @inlinable public init(start: ByteOffset, length: Int, width: Int, indent: Int, kind: BlockKind, flags: LineFlags) {
        self.start = start
        self.length = length
        self.width = width
        self.indent = indent
        self.kind = kind
        self.flags = flags
    }

    /// The line's bytes.
    public var range: ByteRange { ByteRange(start, start + length) }
    /// Indent plus width: the cells the line occupies.
    public var totalWidth: Int { indent + width }
}

/// A laid-out range of a book, stored as flat integer arrays (14 bytes a line): no strings.
///
/// Lines are in reading order. Finding the line containing a byte offset is a binary
/// search, which is how a reading position survives a change of width.
public struct LineCollection: Hashable, Sendable {
    /// The options this collection was laid out with.
    public let options: LayoutOptions
    /// The range of the book that was laid out.
    public let range: ByteRange

    @usableFromInline var starts: [UInt32] = []
    @usableFromInline var lengths: [UInt32] = []
    @usableFromInline var widths: [UInt16] = []
    @usableFromInline var indents: [UInt8] = []
    @usableFromInline var kinds: [UInt8] = []
    @usableFromInline var flagBits: [UInt16] = []

    /// An empty collection.
    public init(options: LayoutOptions, range: ByteRange) {
        self.options = options
        self.range = range
    }

    /// Creates a collection from raw arrays (used by the cache decoder).
    public init(options: LayoutOptions, range: ByteRange, starts: [UInt32], lengths: [UInt32], widths: [UInt16],
                indents: [UInt8], kinds: [UInt8], flags: [UInt16]) {
        precondition(starts.count == lengths.count && starts.count == widths.count && starts.count == indents.count
                     && starts.count == kinds.count && starts.count == flags.count)
        self.options = options
        self.range = range
        self.starts = starts
        self.lengths = lengths
        self.widths = widths
        self.indents = indents
        self.kinds = kinds
        self.flagBits = flags
    }

    /// The same lines under `other`, which must lay out the same except for the
    /// hyphenator: a decoded collection gets its `HyphenationSetting` back this way (the
    /// binary options record hyphenation only by name, in the cache key).
    public func with(options other: LayoutOptions) -> LineCollection {
        LineCollection(options: other, range: range, starts: starts, lengths: lengths, widths: widths,
                       indents: indents, kinds: kinds, flags: flagBits)
    }

    /// Number of lines.
    @inlinable public var count: Int { starts.count }
    /// Whether there are no lines.
    @inlinable public var isEmpty: Bool { starts.isEmpty }

    /// The line at `index`.
    @inlinable public subscript(index: Int) -> Line {
        Line(start: ByteOffset(Int(starts[index])), length: Int(lengths[index]), width: Int(widths[index]),
             indent: Int(indents[index]), kind: BlockKind(rawValue: kinds[index]) ?? .paragraph,
             flags: LineFlags(rawValue: flagBits[index]))
    }

    /// All lines (allocates; for tests and small ranges).
    public var lines: [Line] { (0..<count).map { self[$0] } }

    /// The widest line, indent included.
    public var maxTotalWidth: Int {
        var m = 0
        for i in 0..<count { m = max(m, Int(indents[i]) + Int(widths[i])) }
        return m
    }

    /// Bytes of memory per line used by the flat arrays.
    public static let bytesPerLine = 4 + 4 + 2 + 1 + 1 + 2

    /// Index of the line that contains `offset`: the last line starting at or before it
    /// (O(log n)) — or the ruby row above that line, so that a page starting there shows
    /// the line's readings. A blank line starts at the separator byte after the block
    /// before it. Offsets before the range give 0, after it the last line.
    public func lineIndex(containing offset: ByteOffset) -> Int {
        guard !starts.isEmpty else { return 0 }
        let target = offset.rawValue
        let index = max(0, starts.partitioningIndex { Int($0) > target } - 1)
        if index > 0 && flags(at: index - 1).contains(.rubyRow) && starts[index - 1] == starts[index] { return index - 1 }
        return firstPictureRow(of: index)
    }

    /// For a picture row, the picture's first row (its rows share one start); else `index`.
    public func firstPictureRow(of index: Int) -> Int {
        var i = index
        while i > 0 && flags(at: i).contains(.picture) && !flags(at: i).contains(.blockStart) && starts[i - 1] == starts[i] { i -= 1 }
        return i
    }

    /// Puts a ruby row before each of the lines from `index` on for which `carries` is true
    /// (the layout's last step for a block slice with ruby or emphasis marks). `carries` is
    /// asked once a line, in order, with the line's bytes (start and end, book offsets);
    /// the lines are moved up in place.
    mutating func insertRubyRows(from index: Int, where carries: (_ start: Int, _ end: Int) -> Bool) {
        let n = count - index
        guard n > 0 else { return }
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { carried in
            var rows = 0, first = n
            for i in 0..<n {
                let start = Int(starts[index + i])
                carried[i] = carries(start, start + Int(lengths[index + i]))
                if carried[i] { rows += 1; first = min(first, i) }
            }
            guard rows > 0 else { return }
            // The lines before the first that gets a row stay where they are.
            let c = UnsafeBufferPointer(rebasing: carried[first...])
            let from = index + first
            Self.spread(&starts, from: from, carried: c, rows: rows) { $0 }
            Self.spread(&lengths, from: from, carried: c, rows: rows) { _ in 0 }
            Self.spread(&widths, from: from, carried: c, rows: rows) { _ in 0 }
            Self.spread(&indents, from: from, carried: c, rows: rows) { _ in 0 }
            Self.spread(&kinds, from: from, carried: c, rows: rows) { $0 }
            // A page that starts with the line starts with its row.
            let page = LineFlags.pageStart.rawValue, row = LineFlags.rubyRow.rawValue
            Self.spread(&flagBits, from: from, carried: c, rows: rows, row: { row | ($0 & page) }, carrier: { $0 & ~page })
        }
    }

    /// `array` from `index` on with one more element before each element `i` for which
    /// `carried[i - index]`: `row(element)`; such an element becomes `carrier(element)`.
    /// `rows` is how many are carried, the first of them at `index`. Without a branch on
    /// `carried` (which follows the text): each element's row is written, and overwritten
    /// by the element before it when it has none.
    @inline(__always)
    private static func spread<T>(_ array: inout [T], from index: Int, carried: UnsafeBufferPointer<Bool>, rows: Int,
                                  row: (T) -> T, carrier: (T) -> T = { $0 }) {
        let old = array.count
        let last = array[old - 1]
        for _ in 0..<rows { array.append(last) }
        array.withUnsafeMutableBufferPointer { a in
            var write = old + rows
            var read = old
            while read > index {
                read &-= 1
                let value = a[read]
                let has = carried[read &- index]
                write &-= 1
                a[write] = has ? carrier(value) : value
                a[write &- 1] = row(value)   // (read ≥ index: write - 1 ≥ read, already read)
                write &-= has ? 1 : 0
            }
        }
    }

    /// The same lines with a blank line first (the pager separates chapters with one). The
    /// blank line shares the first line's start, so `lineIndex(containing:)` still finds
    /// the text line for that offset.
    public func prependingBlankLine() -> LineCollection {
        guard let first = starts.first else { return self }
        var copy = LineCollection(options: options, range: range)
        copy.reserve(count + 1)
        copy.append(start: Int(first), length: 0, width: 0, indent: 0, kind: .paragraph, flags: .blank)
        copy.starts += starts; copy.lengths += lengths; copy.widths += widths
        copy.indents += indents; copy.kinds += kinds; copy.flagBits += flagBits
        return copy
    }

    @usableFromInline mutating func append(start: Int, length: Int, width: Int, indent: Int, kind: BlockKind, flags: LineFlags) {
        starts.append(UInt32(truncatingIfNeeded: start))
        lengths.append(UInt32(truncatingIfNeeded: length))
        widths.append(UInt16(truncatingIfNeeded: min(width, Int(UInt16.max))))
        indents.append(UInt8(truncatingIfNeeded: min(indent, 255)))
        kinds.append(kind.rawValue)
        flagBits.append(flags.rawValue)
    }

    /// The flags of line `index` (without building the line).
    @inline(__always) func flags(at index: Int) -> LineFlags { LineFlags(rawValue: flagBits[index]) }

    /// Drops the lines from `index` on.
    mutating func removeLines(from index: Int) {
        let n = count - index
        starts.removeLast(n); lengths.removeLast(n); widths.removeLast(n)
        indents.removeLast(n); kinds.removeLast(n); flagBits.removeLast(n)
    }

    @usableFromInline mutating func reserve(_ n: Int) {
        starts.reserveCapacity(n); lengths.reserveCapacity(n); widths.reserveCapacity(n)
        indents.reserveCapacity(n); kinds.reserveCapacity(n); flagBits.reserveCapacity(n)
    }

    /// Raw arrays, for the cache encoder.
    public var rawColumns: (starts: [UInt32], lengths: [UInt32], widths: [UInt16], indents: [UInt8], kinds: [UInt8], flags: [UInt16]) {
        (starts, lengths, widths, indents, kinds, flagBits)
    }
}
