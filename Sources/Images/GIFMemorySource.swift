import CGIFLib

/// The bytes giflib reads through `DGifOpen`'s callback, and how far it has read. The
/// buffer must outlive the GifFileType; the object is passed unretained as `UserData`.
final class GIFMemorySource {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// giflib's `InputFunc`: copies up to `count` bytes, returns how many (fewer at the
    /// end of the data, which giflib reports as D_GIF_ERR_READ_FAILED).
    static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
        let source = Unmanaged<GIFMemorySource>.fromOpaque(user).takeUnretainedValue()
        let n = min(Int(count), source.bytes.count - source.offset)
        guard n > 0, let base = source.bytes.baseAddress else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + source.offset, byteCount: n)
        source.offset += n
        return Int32(n)
    }
}
