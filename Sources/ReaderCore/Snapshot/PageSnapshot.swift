/// Everything a frame shows, as a value: built by `ReaderModel` after every update
/// (input, resize, time advance), turned into cells by `Renderer.render` alone.
///
/// It holds no reference to the book or its layouts: what the text page shows is already
/// laid out into placed clusters, lists are already windowed, the status line is strings.
public struct PageSnapshot: Sendable {
    /// The terminal size and where the text column and the status line are.
    public var geometry: ScreenGeometry
    /// What the visible layers show, bottom first (drawn in this order).
    public var views: [any LayerView]
    /// The last row.
    public var status: StatusLine

    /// A snapshot with `status` and no views yet.
    public init(geometry: ScreenGeometry, views: [any LayerView] = [], status: StatusLine) {
        self.geometry = geometry
        self.views = views
        self.status = status
    }

    /// The text page, when the reading layer is visible.
    public var page: TextPage? { views.lazy.compactMap { $0 as? TextPage }.first }
    /// The pictures to draw, in screen cells: the text page's, when no layer is over it
    /// (a picture drawn by a graphics protocol would cover a popup).
    public var pictures: [PagePicture] {
        guard let page = views.last as? TextPage else { return [] }
        return page.pictures.map { $0.offsetBy(rows: 0, columns: geometry.textLeft) }
    }
    /// The topmost list (contents, bookmarks), if one is shown.
    public var list: ListView? { views.reversed().lazy.compactMap { $0 as? ListView }.first }
}
