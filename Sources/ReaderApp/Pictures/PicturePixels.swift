import Images
import ReaderCore
import TerminalGraphics

/// A picture as drawn: which image, its box in cells and how many of its rows show.
struct PictureKey: Hashable {
    var source: String
    var columns: Int
    var rows: Int
    var visibleRows: Int

    init(_ picture: PagePicture) {
        source = picture.source
        columns = picture.columns
        rows = picture.rows
        visibleRows = picture.visibleRows
    }
}

/// The pixels of pictures, decoded and scaled once to the cells they cover (the image
/// decoded at a reduced scale where the format allows, then area-averaged), cropped to
/// their visible rows, the most recently drawn kept up to `keptBytes`.
final class PicturePixels {
    private let source: PictureSource
    let cell: CellSize
    private var kept: [(key: PictureKey, image: DecodedImage)] = []
    private var failed: Set<PictureKey> = []
    /// Pixel bytes kept at most.
    static let keptBytes = 48 << 20
    /// The first decoding problem (for the status line), and how many pictures failed.
    private(set) var firstProblem: String?

    init(source: PictureSource, cell: CellSize) {
        self.source = source
        self.cell = cell
    }

    /// The picture's pixels: `columns × cell width` by `visibleRows × cell height`; nil
    /// when it cannot be decoded (the cells stay blank).
    func pixels(_ key: PictureKey) -> DecodedImage? {
        if let i = kept.firstIndex(where: { $0.key == key }) {
            let entry = kept.remove(at: i)
            kept.append(entry)
            return entry.image
        }
        guard !failed.contains(key) else { return nil }
        let size = ImageFit.pixels(columns: key.columns, rows: key.rows, cell: cell)
        do {
            let bytes = try source.bytes(of: key.source)
            var image = try ImageDecoder.decode(bytes, targetSize: ImageSize(width: size.width, height: size.height))
            if key.visibleRows < key.rows { image = Self.crop(image, rows: key.visibleRows * cell.height) }
            kept.append((key, image))
            var total = kept.reduce(0) { $0 + $1.image.pixels.count }
            while total > Self.keptBytes, kept.count > 1 { total -= kept.removeFirst().image.pixels.count }
            return image
        } catch {
            failed.insert(key)
            if firstProblem == nil { firstProblem = "\(key.source): \(PictureSource.describe(error))" }
            return nil
        }
    }

    /// The encoded file of the picture (iTerm2 draws the file itself).
    func file(_ key: PictureKey) -> [UInt8]? {
        try? source.bytes(of: key.source)
    }

    /// The top `rows` pixel rows of `image`.
    static func crop(_ image: DecodedImage, rows: Int) -> DecodedImage {
        let rows = max(1, min(rows, image.height))
        return DecodedImage(width: image.width, height: rows, pixels: Array(image.pixels.prefix(rows * image.width * 4)))
    }
}
