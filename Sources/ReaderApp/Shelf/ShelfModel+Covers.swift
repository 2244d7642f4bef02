import ReaderCore

extension ShelfModel {
    /// Where the selected book's cover may go, in screen cells.
    public struct CoverBox: Equatable {
        /// Top row and left column.
        public var row: Int
        public var column: Int
        /// Its size.
        public var columns: Int
        public var rows: Int
    }

    /// Narrowest window that has a cover panel.
    public static let coverPanelMinColumns = 100
    /// The panel's widest (its columns, with a blank one on either side of the cover).
    public static let coverPanelMaxColumns = 48

    /// Columns the cover panel takes on the right of the list: none unless covers are
    /// shown (`showsCovers`), the window is at least `coverPanelMinColumns` wide and the
    /// help is not up; else a third of the window, at most `coverPanelMaxColumns`.
    public var coverPanelColumns: Int {
        guard showsCovers, !showsHelp, columns >= Self.coverPanelMinColumns, rows >= 6 else { return 0 }
        return min(Self.coverPanelMaxColumns, columns / 3)
    }

    /// The cells the cover is fitted into: the panel below the title and hint rows, above
    /// the status line, one blank column each side; nil without a panel.
    public var coverBox: CoverBox? {
        let width = coverPanelColumns
        guard width > 2 else { return nil }
        return CoverBox(row: 2, column: columns - width + 1, columns: width - 2, rows: ShelfView.bookRows(screenRows: rows))
    }
}
