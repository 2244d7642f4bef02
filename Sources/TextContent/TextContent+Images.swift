import Support

extension TextContent {
    /// The image whose placeholder starts at `offset`, if any (binary search).
    public func image(at offset: ByteOffset) -> ImageReference? {
        let i = images.partitioningIndex { $0.offset >= offset }
        return i < images.count && images[i].offset == offset ? images[i] : nil
    }

    /// The images whose placeholders start in `range`, in reading order.
    public func images(in range: ByteRange) -> ArraySlice<ImageReference> {
        let first = images.partitioningIndex { $0.offset >= range.lowerBound }
        let end = images.partitioningIndex { $0.offset >= range.upperBound }
        return images[first..<max(first, end)]
    }
}
