import ReaderCore
import Terminal
import TerminalGraphics
import TextContent

/// Turns pictures on for a reader (issue #19): which protocol (`--images`, else what the
/// terminal answered), the cell size in pixels, and the sizer and drawer wired to the
/// model and the loop.
public enum PictureSetup {
    /// The protocol for `--images` `choice` (nil: auto, from the terminal's `answer` to
    /// `GraphicsDetection.queries` and the environment). Symbols need colours: with
    /// `colors` off (NO_COLOR) auto gives `.off`.
    public static func graphics(choice: GraphicsProtocol?, answer: [UInt8], environment: [String: String],
                                colors: Bool) -> GraphicsProtocol {
        if let choice { return choice }
        let found = GraphicsDetection.choose(answer: answer, environment: environment)
        return found == .symbols && !colors ? .off : found
    }

    /// A character cell's pixels: from the window size in pixels, else the `CSI 16 t`
    /// answer in `answer`, else `CellSize.fallback`.
    public static func cellSize(_ size: TerminalSize, answer: [UInt8]) -> CellSize {
        CellSize.fromWindow(pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight, columns: size.columns, rows: size.rows)
            ?? CellSize.fromAnswer(answer) ?? .fallback
    }

    /// Draws the pictures of the loop's book with `graphics` in cells of `cell` pixels
    /// (nothing for `.off` or a book without images).
    public static func attach(to loop: ReaderLoop, graphics: GraphicsProtocol, cell: CellSize, environment: [String: String]) {
        let session = loop.session
        guard graphics != .off, let path = session.path, session.mayShowPictures else { return }
        let source = PictureSource(bookAt: path, format: session.content.metadata.format)
        // A fixed-layout book is pages: each fills the screen.
        let sizer = PictureSizer(images: source, cell: cell, enlarges: session.content.metadata.fixedLayout)
        loop.model.setPictureSizing { image, columns, rows in sizer.box(for: image, maxColumns: columns, maxRows: rows) }
        loop.pictures = PictureDrawer(graphics: graphics, source: source, cell: cell,
                                      throughTmux: environment["TMUX"] != nil && graphics != .symbols)
        loop.pictureSizer = sizer
    }
}
