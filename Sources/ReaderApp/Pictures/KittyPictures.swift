import ReaderCore
import TerminalGraphics

/// The kitty side of `PictureDrawer`: which pictures the terminal holds (by id) and
/// which placements are on screen.
struct KittyPictures {
    /// Pictures kept in the terminal beyond those on screen, the least recently shown
    /// deleted first.
    static let keptPictures = 32
    private var ids: [PictureKey: UInt32] = [:]
    private var recency: [PictureKey] = []
    private var nextID: UInt32 = 100

    /// The bytes that turn the placements `shown` into `pictures`: removes the ones gone,
    /// sends pictures not in the terminal yet, places the new ones (all of them after a
    /// repaint, whatever the terminal did with its placements).
    mutating func frame(_ pictures: [PagePicture], shown: [PagePicture], repainting: Bool, pixels: PicturePixels,
                        wrap: ([UInt8]) -> [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for old in shown where !pictures.contains(old) {
            if let id = ids[PictureKey(old)] { bytes += wrap(KittyGraphics.removePlacement(id: id, placement: Self.placement(old))) }
        }
        for picture in pictures where repainting || !shown.contains(picture) {
            let key = PictureKey(picture)
            let id: UInt32
            if let known = ids[key] {
                id = known
            } else {
                guard let image = pixels.pixels(key) else { continue }
                id = nextID
                nextID = nextID == UInt32.max ? 100 : nextID + 1
                ids[key] = id
                bytes += wrap(KittyGraphics.transmit(id: id, width: image.width, height: image.height, rgba: image.pixels))
            }
            touch(key)
            bytes += PictureDrawer.at(picture, wrap(KittyGraphics.place(id: id, placement: Self.placement(picture),
                                                                         columns: key.columns, rows: key.visibleRows)))
        }
        bytes += evict(keeping: Set(pictures.map(PictureKey.init)), wrap: wrap)
        return bytes
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
