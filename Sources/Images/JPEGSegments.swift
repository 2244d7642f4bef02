/// The marker structure of a JPEG file, walked by hand to tell a file cut short from a
/// damaged one when TurboJPEG fails.
enum JPEGSegments {
    /// Whether the marker segments before the first scan (SOS: libjpeg reads the tables up
    /// to there before it reports a size) run past the end of `bytes`: the header was cut,
    /// rather than malformed. A marker that cannot start a segment (02…BF) is malformed.
    static func headerIsCut(_ bytes: [UInt8]) -> Bool {
        var i = 2
        while true {
            guard i + 1 < bytes.count else { return true }
            guard bytes[i] == 0xFF else { return false }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }                          // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xD9 || marker < 0xC0 { return false }             // EOI before any image, reserved
            guard i + 3 < bytes.count else { return true }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { return false }
            guard i + 2 + length <= bytes.count else { return true }
            if marker == 0xDA { return false }
            i += 2 + length
        }
    }

    /// Whether the file ends with the end-of-image marker `FF D9` (trailing zero padding
    /// allowed).
    static func endsWithEOI(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.lastIndex(where: { $0 != 0 }), last >= 1 else { return false }
        return bytes[last - 1] == 0xFF && bytes[last] == 0xD9
    }
}
