import Images
import ReaderCore
import Support
import TerminalGraphics

/// A picture as drawn: which image, its box in cells and which of its rows show (from
/// `cropTop`, `visibleRows` of them).
struct PictureKey: Hashable {
    var source: String
    var columns: Int
    var rows: Int
    var visibleRows: Int
    var cropTop = 0

    init(_ picture: PagePicture) {
        source = picture.source
        columns = picture.columns
        rows = picture.rows
        visibleRows = picture.visibleRows
        cropTop = picture.cropTop
    }

    /// The whole picture in the same box (what is decoded, and what kitty holds under an id).
    var whole: PictureKey {
        var key = self
        key.visibleRows = rows
        key.cropTop = 0
        return key
    }

    /// Whether only part of its rows show.
    var isCropped: Bool { cropTop > 0 || visibleRows < rows }
}

/// The pixels of pictures, decoded and scaled once to the cells they cover (the image
/// decoded at a reduced scale where the format allows, then area-averaged) and kept whole,
/// the most recently drawn up to `keptBytes`; a picture cut by the page (a tall one
/// scrolled through in fit width) is cropped from them to its visible rows. `prefetch`
/// decodes the next page's pictures on a background queue; a frame that needs one still
/// being decoded waits for it rather than decoding it twice.
final class PicturePixels: @unchecked Sendable {
    private let source: PictureSource
    let cell: CellSize
    private var kept: [(key: PictureKey, image: DecodedImage)] = []
    private var failed: Set<PictureKey> = []
    private var inFlight: Set<PictureKey> = []
    private let condition = Condition()
    /// The prefetches, one after the other (Dispatch's queue had the .utility quality,
    /// which Linux's threads have no equivalent of).
    private let queue = SerialWorker()
    /// Pixel bytes kept at most.
    static let keptBytes = 48 << 20
    private var problem: String?
    /// The first decoding problem (for the status line).
    var firstProblem: String? {
        condition.lock(); defer { condition.unlock() }
        return problem
    }

    init(source: PictureSource, cell: CellSize) {
        self.source = source
        self.cell = cell
    }

    /// The picture's pixels: `columns × cell width` by `visibleRows × cell height`, from
    /// pixel row `cropTop × cell height` of the whole; nil when it cannot be decoded (the
    /// cells stay blank).
    func pixels(_ key: PictureKey) -> DecodedImage? {
        guard let image = wholePixels(key.whole) else { return nil }
        guard key.isCropped else { return image }
        return Self.crop(image, top: key.cropTop * cell.height, rows: key.visibleRows * cell.height)
    }

    /// The pixels of the whole picture `key`, decoded now unless kept or in flight.
    private func wholePixels(_ key: PictureKey) -> DecodedImage? {
        condition.lock()
        while inFlight.contains(key) { condition.wait() }
        if let found = takeKept(key) { condition.unlock(); return found }
        if failed.contains(key) { condition.unlock(); return nil }
        inFlight.insert(key)
        condition.unlock()
        return decode(key)
    }

    /// Decodes `keys` not decoded yet on the background queue (the next page's pictures).
    func prefetch(_ keys: [PictureKey]) {
        condition.lock()
        let wanted = Array(Set(keys.map(\.whole))).filter { key in !inFlight.contains(key) && !failed.contains(key) && !kept.contains { $0.key == key } }
        inFlight.formUnion(wanted)
        condition.unlock()
        guard !wanted.isEmpty else { return }
        queue.async {
            for key in wanted { _ = self.decode(key) }
            FreedMemory.release()   // the decoders' buffers, in the worker's arena
        }
    }

    /// Whether `key` is decoded (or failed) already.
    func isReady(_ key: PictureKey) -> Bool {
        let key = key.whole
        condition.lock(); defer { condition.unlock() }
        return failed.contains(key) || kept.contains { $0.key == key }
    }

    /// Decodes `key` (marked in flight by the caller), keeps the result, wakes waiters.
    private func decode(_ key: PictureKey) -> DecodedImage? {
        let size = ImageFit.pixels(columns: key.columns, rows: key.rows, cell: cell)
        var result: DecodedImage?
        var problem: String?
        do {
            let bytes = try source.bytes(of: key.source)
            result = try ImageDecoder.decode(bytes, targetSize: ImageSize(width: size.width, height: size.height))
        } catch {
            problem = "\(key.source): \(PictureSource.describe(error))"
        }
        source.forget(key.source)
        condition.lock()
        inFlight.remove(key)
        if let result {
            kept.append((key, result))
            var total = kept.reduce(0) { $0 + $1.image.pixels.count }
            while total > Self.keptBytes, kept.count > 1 { total -= kept.removeFirst().image.pixels.count }
        } else {
            failed.insert(key)
            if self.problem == nil { self.problem = problem }
        }
        condition.broadcast()
        condition.unlock()
        return result
    }

    /// The kept pixels of `key`, made the most recent (the lock held).
    private func takeKept(_ key: PictureKey) -> DecodedImage? {
        guard let i = kept.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = kept.remove(at: i)
        kept.append(entry)
        return entry.image
    }

    /// The encoded file of the picture (iTerm2 draws the file itself).
    func file(_ key: PictureKey) -> [UInt8]? {
        try? source.bytes(of: key.source)
    }

    /// `rows` pixel rows of `image` from row `top` (within the image, at least one row).
    static func crop(_ image: DecodedImage, top: Int, rows: Int) -> DecodedImage {
        let top = max(0, min(top, image.height - 1))
        let rows = max(1, min(rows, image.height - top))
        let stride = image.width * 4
        return DecodedImage(width: image.width, height: rows, pixels: Array(image.pixels[top * stride ..< (top + rows) * stride]))
    }
}
