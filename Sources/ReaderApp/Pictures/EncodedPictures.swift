import Images
import TerminalGraphics

/// Sixel strings and iTerm2 sequences of the last pictures drawn: a picture redrawn (after
/// a repaint) is not encoded again.
struct EncodedPictures {
    /// Sequences kept.
    static let kept = 16
    private var sequences: [(key: PictureKey, bytes: [UInt8])] = []

    /// The sequence that draws the picture `key` with `graphics` (`.sixel` or `.iterm`), or nil.
    mutating func sequence(for key: PictureKey, graphics: GraphicsProtocol, pixels: PicturePixels) -> [UInt8]? {
        if let found = sequences.first(where: { $0.key == key }) { return found.bytes }
        let bytes: [UInt8]
        switch graphics {
        case .sixel:
            guard let image = pixels.pixels(key) else { return nil }
            bytes = SixelEncoder.encode(width: image.width, height: image.height, rgba: image.pixels)
        case .iterm:
            // The terminal scales the file itself; part of a picture is sent as a PNG of its rows on screen.
            guard let file = key.isCropped ? pixels.pixels(key).flatMap(PNGEncoder.encode) : pixels.file(key) else { return nil }
            bytes = ITermGraphics.inline(file: file, columns: key.columns, rows: key.visibleRows)
        default:
            return nil
        }
        sequences.append((key, bytes))
        if sequences.count > Self.kept { sequences.removeFirst() }
        return bytes
    }
}
