import TextContent

/// The inline styles (emphasis, link…) of one cluster, in the order they apply, each once.
///
/// Applying a style either adds attributes (which commute) or sets the foreground (the
/// last one wins), so the list keeps, for a style met twice, only its last place: the
/// result of applying it is the same as applying every enclosing run in order. Packed in
/// 64 bits, four a style (each of the at most 15 styles once), so a placed cluster carries
/// no array.
public struct InlineStyles: Hashable, Sendable, Sequence {
    private var packed: UInt64 = 0

    /// No style.
    public init() {}

    /// Whether no style applies.
    public var isEmpty: Bool { packed == 0 }

    /// Adds `style` as the last one to apply (moving it there if it was already listed).
    public mutating func append(_ style: InlineStyle) {
        let code = UInt64(style.rawValue) + 1   // 1…15: InlineStyle has at most 15 cases, each listed once
        var kept: UInt64 = 0
        var shift: UInt64 = 0
        var rest = packed
        while rest != 0 {
            let c = rest & 0xF
            if c != code { kept |= c << shift; shift += 4 }
            rest >>= 4
        }
        packed = kept | code << shift
    }

    /// The styles in the order they apply.
    public func makeIterator() -> Iterator { Iterator(rest: packed) }

    /// Walks the packed styles, first to apply first.
    public struct Iterator: IteratorProtocol {
        var rest: UInt64

        /// The next style, or nil after the last.
        public mutating func next() -> InlineStyle? {
            guard rest != 0 else { return nil }
            let code = UInt8(rest & 0xF)
            rest >>= 4
            return InlineStyle(rawValue: code - 1)
        }
    }
}
