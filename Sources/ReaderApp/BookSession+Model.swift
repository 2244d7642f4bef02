import ReaderCore
import TextContent
import TextLayout
import ReaderState

extension BookSession {
    /// The reader's model for this book in a terminal of `columns` × `rows`: at `start`
    /// (else the saved position), with the saved bookmarks, laying chapters out with
    /// `layout` (its width is the most the text column may take) and reading them from the
    /// layout cache when it has them.
    ///
    /// `display` carries the theme, the width `=` returns to and the hyphenation the
    /// settings panel can turn on; the settings changed inside the reader before are kept
    /// (and saved again with the next changes).
    public func makeModel(columns: Int, rows: Int, layout: LayoutOptions, reveal: RevealSettings = RevealSettings(),
                          start: ByteOffset? = nil, display: ReadingSettings = ReadingSettings()) -> ReaderModel {
        var display = display
        display.changed = (state.settings ?? [:]).merging(display.changed) { _, new in new }
        let model = ReaderModel(content: content, position: start ?? savedPosition, columns: columns, rows: rows,
                                preferredWidth: layout.width, baseOptions: layout, marks: savedMarks, revealSettings: reveal,
                                jumps: savedJumps, settings: display)
        // A partial session's chapters are not the book's: no layout cache for them.
        model.setHighlightIDs(Self.newHighlightID)
        if !isPartial {
            let disk = layouts
            model.layouts.source = { options, chapter in disk.lines(options: options, chapter: chapter) }
            model.verticalSource = { height, readings, chapter in disk.columns(height: height, readings: readings, chapter: chapter) }
            let found = savedHighlights
            model.setHighlights(found)
            let missing = (state.highlights ?? []).count - found.count
            if missing > 0 {
                model.showMessage("\(missing) highlight\(missing == 1 ? "'s text is" : "s' texts are") not in this book (kept in its state; reader notes lists them)")
            }
        } else {
            model.setLoading("loading…")
        }
        return model
    }
}
