import ReaderCore
import Screen
import TerminalGraphics
import Images

/// Draws the pictures of each frame with the terminal's graphics protocol (issue #19,
/// docs/IMAGES.md "In the reader"). The loop calls `frame` after rendering the cells and
/// before diffing them: symbol art is painted into the cells; kitty, sixel and iTerm2
/// give bytes written after the cells, at the pictures' places, the cursor saved and
/// restored around them.
///
/// * kitty: each picture is sent once under an id and shown with a placement; a page
///   turn that keeps it on screen sends nothing, one that takes it away removes the
///   placement (the picture stays in the terminal, so showing it again sends 30 bytes);
///   the least recently shown are deleted beyond `KittyPictures.keptPictures`; all on quit.
/// * sixel, iTerm2: no ids. When a picture leaves or moves, the frame is repainted in
///   full (which erases the old pixels) and the pictures on it drawn again; a frame that
///   only adds pictures draws just those.
/// * symbols: libchafa's cells, through the diff like text.
///
/// A picture cut by the page (`PagePicture.cropTop`, `visibleRows`: a fixed-layout page
/// taller than the screen, fit width) shows only its rows on screen: kitty places the
/// whole picture with a source rectangle; sixel, symbols and iTerm2 (a PNG) are made from
/// the pixels of those rows.
public final class PictureDrawer {
    /// The protocol.
    public let graphics: GraphicsProtocol
    /// The terminal's cell in pixels (boxes in cells are fitted with it).
    public let cell: CellSize
    /// Whether escape sequences go through tmux's passthrough.
    public let throughTmux: Bool
    let pixels: PicturePixels
    private var kitty = KittyPictures()
    private var encoded = EncodedPictures()
    private var symbols: [PictureKey: [SymbolArt.Cell]] = [:]
    /// The pictures of the last frame, in screen cells.
    private var shown: [PagePicture] = []

    /// What a frame needs besides its cells.
    public struct Output {
        /// Bytes to write after the frame's cells.
        public var bytes: [UInt8] = []
        /// Whether the frame must be written in full (clearing the screen) before them.
        public var repaint = false
    }

    /// A drawer with `graphics` (not `.off`) for pictures from `source` in cells of `cell`.
    /// Symbol art is decoded at libchafa's own cell (`SymbolArt.workCell`): a terminal of
    /// 16 × 32-pixel cells would otherwise hold 8 times the pixels chafa reads.
    public init(graphics: GraphicsProtocol, source: PictureSource, cell: CellSize, throughTmux: Bool = false) {
        self.graphics = graphics
        self.cell = cell
        self.throughTmux = throughTmux
        pixels = PicturePixels(source: source, cell: graphics == .symbols ? SymbolArt.workCell : cell)
    }

    /// The first picture that could not be decoded, for one warning.
    public var firstProblem: String? { pixels.firstProblem }

    /// Draws `pictures` (screen cells) for a frame whose cells are `buffer`; `repainting`:
    /// the frame is written in full anyway (first frame, resize, continue).
    public func frame(_ pictures: [PagePicture], into buffer: inout ScreenBuffer, repainting: Bool) -> Output {
        defer { shown = pictures }
        switch graphics {
        case .off: return Output()
        case .symbols:
            for picture in pictures { paintSymbols(picture, into: &buffer) }
            return Output()
        case .kitty:
            return Output(bytes: kitty.frame(pictures, shown: shown, repainting: repainting, pixels: pixels,
                                                     cell: pixels.cell, wrap: wrap))
        case .sixel, .iterm:
            let changed = repainting || pictures != shown
            guard changed else { return Output() }
            let gone = !repainting && shown.contains { !pictures.contains($0) }
            let fresh = repainting || gone ? pictures : pictures.filter { !shown.contains($0) }
            var bytes: [UInt8] = []
            for picture in fresh {
                guard let sequence = encoded.sequence(for: PictureKey(picture), graphics: graphics, pixels: pixels) else { continue }
                bytes += Self.at(picture, wrap(sequence))
            }
            return Output(bytes: bytes, repaint: gone)
        }
    }

    /// Decodes the pictures of `pictures` (the next page's, `ReaderModel.picturesAhead`) in
    /// the background, so turning to them costs what a picture shown before costs.
    /// iTerm2 needs no pixels (it sends the file itself; a cut picture's PNG is made when drawn).
    public func prepare(_ pictures: [PagePicture]) {
        guard graphics == .kitty || graphics == .sixel || graphics == .symbols else { return }
        pixels.prefetch(pictures.map(PictureKey.init))
    }

    /// Whether every picture of `pictures` is decoded (or failed) already.
    public func isPrepared(_ pictures: [PagePicture]) -> Bool {
        pictures.allSatisfy { pixels.isReady(PictureKey($0)) }
    }

    /// What to write when the reader stops drawing pictures (quitting, a signal): kitty's
    /// delete-all; nothing for the others (leaving the alternate screen erases them).
    public var leaveBytes: [UInt8] { graphics == .kitty ? wrap(KittyGraphics.deleteAll()) : [] }

    /// Forgets what the terminal holds (after `leaveBytes` were written, or another
    /// program used the screen): the next frame sends and places its pictures afresh.
    public func forgetTerminal() {
        kitty = KittyPictures()
        shown = []
    }

    private func wrap(_ sequence: [UInt8]) -> [UInt8] {
        throughTmux ? TmuxPassthrough.wrap(sequence) : sequence
    }

    /// `sequence` drawn with the cursor at the picture's top left, the cursor restored after.
    static func at(_ picture: PagePicture, _ sequence: [UInt8]) -> [UInt8] {
        Array("\u{1B}7\u{1B}[\(picture.row + 1);\(picture.column + 1)H".utf8) + sequence + Array("\u{1B}8".utf8)
    }

    /// Paints the picture's symbol cells (made once a size) into `buffer`.
    private func paintSymbols(_ picture: PagePicture, into buffer: inout ScreenBuffer) {
        let key = PictureKey(picture)
        if symbols[key] == nil {
            guard let image = pixels.pixels(key) else { return }
            if symbols.count > 32 { symbols.removeAll() }
            symbols[key] = SymbolArt.render(width: image.width, height: image.height, rgba: image.pixels,
                                            columns: key.columns, rows: key.visibleRows) ?? []
        }
        guard let cells = symbols[key], cells.count == key.columns * key.visibleRows else { return }
        for (i, cell) in cells.enumerated() {
            let style = CellStyle(foreground: Self.color(cell.foreground), background: Self.color(cell.background))
            buffer.put(String(Character(cell.scalar)), width: 1, row: picture.row + i / key.columns,
                       col: picture.column + i % key.columns, style: style)
        }
    }

    private static func color(_ rgb: UInt32?) -> Color {
        guard let rgb else { return .default }
        return .rgb(UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF))
    }
}
