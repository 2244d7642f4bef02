import Screen

/// What a layer shows, as a value built during an update (`Layer.compose`): the renderer
/// draws it with no layout, no access to the book's layouts and no I/O.
public protocol LayerView: Sendable {
    /// Draws into `buffer`, whose size is `geometry`'s, with `renderer`'s theme and text
    /// drawing; over whatever the layers below drew.
    func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer)
}
