import ReaderCore
import ReaderState
import Screen
import TerminalGraphics
import TextContent

/// The bookshelf's cover panel (issue #19): the selected book's cover, fitted with
/// `ImageFit` into the cells `ShelfModel.coverBox` leaves on the right of the list, drawn
/// by a `PictureDrawer` as the reader draws a book's pictures (kitty placements removed
/// or moved when the selection changes, sixel and iTerm2 repainted, symbols painted into
/// the cells). Nothing here waits: the cover is looked up (`ShelfCovers`) and decoded
/// (`PicturePixels.prefetch`) in the background, and shown by the first frame after both.
public final class ShelfCoverPanel {
    /// The covers found so far.
    public let covers: ShelfCovers
    /// Draws them.
    public let drawer: PictureDrawer

    /// A panel drawing with `graphics` (not `.off`) in cells of `cell` pixels.
    public init(graphics: GraphicsProtocol, cell: CellSize, throughTmux: Bool = false, covers: ShelfCovers = ShelfCovers()) {
        self.covers = covers
        drawer = PictureDrawer(graphics: graphics, source: PictureSource { [covers] in try covers.bytes(of: $0) }, cell: cell,
                               throughTmux: throughTmux)
    }

    /// The panel for the shelf, or nil: `--images` `choice` (nil: auto, from the
    /// terminal's `answer` and the environment, as the reader chooses; `off` and, for
    /// symbols, no colours: nil).
    public static func make(choice: GraphicsProtocol?, answer: [UInt8], environment: [String: String], colors: Bool,
                            cell: CellSize) -> ShelfCoverPanel? {
        let graphics = PictureSetup.graphics(choice: choice, answer: answer, environment: environment, colors: colors)
        guard graphics != .off else { return nil }
        return ShelfCoverPanel(graphics: graphics, cell: cell, throughTmux: environment["TMUX"] != nil && graphics != .symbols)
    }

    /// The cover of `entry` placed in `box` (screen cells) when it is ready to draw, and
    /// whether it is still coming (looked up or decoded in the background: draw again soon).
    public func picture(for entry: LibraryEntry?, in box: ShelfModel.CoverBox?) -> (picture: PagePicture?, pending: Bool) {
        guard let entry, let box else { return (nil, false) }
        switch covers.lookup(entry) {
        case .none: return (nil, false)
        case .pending: return (nil, true)
        case .found(let id, let width, let height):
            let cells = ImageFit.cells(pixelWidth: width, pixelHeight: height, cell: drawer.cell,
                                       maxColumns: box.columns, maxRows: box.rows, enlarge: true)
            let picture = PagePicture(source: id, offset: ByteOffset(0), row: box.row,
                                      column: box.column + (box.columns - cells.columns) / 2,
                                      columns: cells.columns, rows: cells.rows, visibleRows: cells.rows)
            // iTerm2 sends the file itself: nothing to decode.
            if drawer.graphics == .iterm || drawer.isPrepared([picture]) { return (picture, false) }
            drawer.prepare([picture])
            return (nil, true)
        }
    }

    /// What to write when the shelf stops drawing (leaving, or handing the terminal to the
    /// reader): kitty's delete-all.
    public var leaveBytes: [UInt8] { drawer.leaveBytes }
}
