import ReaderCore
import TerminalGraphics
import TextContent
import Images

/// The kitty side of `PictureDrawer`: which pictures the terminal holds (by id) and
/// which placements are on screen.
struct KittyPictures {
    /// Pictures kept in the terminal beyond those on screen, the least recently shown
    /// deleted first.
    static let keptPictures = 32
    private var ids: [PictureKey: UInt32] = [:]
    private var recency: [PictureKey] = []
    private var nextID: UInt32 = 100

    /// The bytes that turn the placements `shown` into `pictures`: removes the ones gone
    /// (not those placed again under the same ids, which kitty moves), sends pictures not
    /// in the terminal yet (whole: a cut one is placed with a source rectangle), places the
    /// new ones (all of them after a repaint, whatever the terminal did with its placements).
    mutating func frame(_ pictures: [PagePicture], shown: [PagePicture], repainting: Bool, pixels: PicturePixels,
                        cell: CellSize, wrap: ([UInt8]) -> [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        let placed = Set(pictures.map { Placed($0) })
        for old in shown where !pictures.contains(old) && !placed.contains(Placed(old)) {
            if let id = ids[PictureKey(old).whole] {
                bytes += wrap(KittyGraphics.removePlacement(id: id, placement: Self.placement(old)))
            }
        }
        for picture in pictures where repainting || !shown.contains(picture) {
            let key = PictureKey(picture)
            guard let id = id(for: key.whole, pixels: pixels, bytes: &bytes, wrap: wrap) else { continue }
            touch(key.whole)
            let source = key.isCropped ? (x: 0, y: key.cropTop * cell.height, width: key.columns * cell.width,
                                          height: key.visibleRows * cell.height) : nil
            bytes += PictureDrawer.at(picture, wrap(KittyGraphics.place(id: id, placement: Self.placement(picture),
                                                                         columns: key.columns, rows: key.visibleRows,
                                                                         source: source)))
        }
        bytes += evict(keeping: Set(pictures.map { PictureKey($0).whole }), wrap: wrap)
        return bytes
    }

    /// The id of the whole picture `key` in the terminal, sending it first (into `bytes`)
    /// when it is not there; nil when it cannot be decoded.
    private mutating func id(for key: PictureKey, pixels: PicturePixels, bytes: inout [UInt8],
                             wrap: ([UInt8]) -> [UInt8]) -> UInt32? {
        if let known = ids[key] { return known }
        guard let image = pixels.pixels(key) else { return nil }
        let id = nextID
        nextID = nextID == UInt32.max ? 100 : nextID + 1
        ids[key] = id
        bytes += wrap(KittyGraphics.transmit(id: id, width: image.width, height: image.height, rgba: image.pixels))
        return id
    }

    /// A placement on screen by what kitty knows it by: the whole picture and the placement id.
    private struct Placed: Hashable {
        var picture: PictureKey
        var placement: UInt32

        init(_ picture: PagePicture) {
            self.picture = PictureKey(picture).whole
            placement = KittyPictures.placement(picture)
        }
    }

    /// A placement id for a picture (two copies of one image on a page differ by offset).
    static func placement(_ picture: PagePicture) -> UInt32 {
        UInt32(truncatingIfNeeded: picture.offset.rawValue % 0x7FFF_FFFF) + 1
    }

    private mutating func touch(_ key: PictureKey) {
        recency.removeAll { $0 == key }
        recency.append(key)
    }

    /// Deletes the least recently shown pictures beyond `keptPictures` (not those on screen).
    private mutating func evict(keeping onScreen: Set<PictureKey>, wrap: ([UInt8]) -> [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var i = 0
        while recency.count > Self.keptPictures && i < recency.count {
            let key = recency[i]
            if onScreen.contains(key) { i += 1; continue }
            recency.remove(at: i)
            if let id = ids.removeValue(forKey: key) { bytes += wrap(KittyGraphics.delete(id: id)) }
        }
        return bytes
    }
}
