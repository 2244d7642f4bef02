import TextContent
/// `z`: a fixed-layout book's pictures fit the page (each whole on the screen) or the
/// width (as wide as the text column, scrolled through; issue #19, docs/IMAGES.md). The
/// choice is kept in `settings.pictureFit` (a resize keeps it) and recorded in
/// `settings.changed` under `fit` for the host to save with the book.
extension ReadingContext {
    /// The most rows a picture takes when it fits the width: a very tall picture is
    /// narrowed to this (its pixels stay within what is decoded and kept).
    static let tallestPictureRows = 500

    /// Whether the pictures are sized to the text width now: fit width in a fixed-layout book.
    var fitsPicturesToWidth: Bool { content.metadata.fixedLayout && settings.pictureFit == .width }

    /// The most rows a picture takes now: the text rows (a picture fits on a page), or,
    /// fitting the width, `tallestPictureRows`.
    var pictureRowLimit: Int { fitsPicturesToWidth ? Self.tallestPictureRows : textRows }

    /// Switches between fit page and fit width, with a message; the screen goes to the top
    /// of the picture (or text) at the reading position. False (and a message) in a book
    /// that is not fixed-layout, where pictures keep their own size.
    @discardableResult
    func togglePictureFit() -> Bool {
        guard content.metadata.fixedLayout else {
            message = "z fits pictures in fixed-layout books only"
            return false
        }
        setPictureFit(settings.pictureFit.toggled)
        message = settings.pictureFit == .width
            ? "Pictures fit the width: Space, j and k scroll through them (z: fit the page)"
            : "Pictures fit the page (z: fit the width)"
        return true
    }

    /// Sets how pictures are sized and lays them out again, the reading position kept.
    func setPictureFit(_ fit: PictureFit) {
        settings.pictureFit = fit
        settings.changed[PictureFit.key] = fit.rawValue
        layouts.setPictureRowLimit(pictureRowLimit)
        pager.jump(to: pager.anchor)
    }
}
