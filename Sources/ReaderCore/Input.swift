/// An input event for the reader, independent of how the terminal encoded it.
public enum Input: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Ctrl + a letter (lower case).
    case control(Character)
    case enter, escape, backspace, tab
    /// Shift-Tab (`CSI Z`).
    case backTab
    case up, down, left, right, pageUp, pageDown, home, end
    /// Mouse wheel.
    case wheelUp, wheelDown
    /// A left click on the cell at a zero-based row and column of the screen.
    case click(row: Int, column: Int)
    /// A left click with Ctrl or Alt held: looks up the word under it.
    case modifiedClick(row: Int, column: Int)
    /// The mouse moved to a cell with the left button held (a drag selects text).
    case drag(row: Int, column: Int)
    /// The left button went up at a cell.
    case release(row: Int, column: Int)
    /// Alt (or Esc before it) + a named key: only the arrows are reported so (`Alt-←`,
    /// `Alt-→`); other Alt-modified keys arrive as the key alone.
    indirect case alt(Input)
}

/// What the reader asks its host to do after an input.
public enum Effect: Hashable, Sendable {
    /// Leave the program.
    case quit
    /// The reading position changed: save it (the host may batch saves).
    case positionChanged
    /// Bookmarks changed: save them.
    case bookmarksChanged
    /// A display setting changed inside the reader (width, theme, the settings panel):
    /// redraw with `ReaderModel.settings` and save `settings.changed` with the book.
    case settingsChanged
    /// Highlights or their notes changed: save `ReaderModel.highlights` with the book.
    case highlightsChanged
    /// Put this text on the system clipboard (`y` in visual mode).
    case copy(String)
}
