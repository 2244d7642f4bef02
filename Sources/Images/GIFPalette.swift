import CGIFLib

/// A GIF colour map as RGBA, with the transparent index (if any) and every index past
/// the map transparent.
struct GIFPalette {
    /// 256 entries, 4 bytes each.
    private(set) var rgba = [UInt8](repeating: 0, count: 256 * 4)

    init(colors: UnsafePointer<GifColorType>, count: Int, transparent: Int?) {
        for i in 0..<min(max(count, 0), 256) where i != transparent {
            rgba[i * 4] = colors[i].Red
            rgba[i * 4 + 1] = colors[i].Green
            rgba[i * 4 + 2] = colors[i].Blue
            rgba[i * 4 + 3] = 255
        }
    }
}
