/// How pictures are drawn (`--images auto|kitty|sixel|iterm|symbols|off`).
public enum GraphicsProtocol: String, CaseIterable, Sendable {
    /// The kitty graphics protocol (`KittyGraphics`).
    case kitty
    /// Sixel graphics (`SixelEncoder`).
    case sixel
    /// iTerm2 inline images (`ITermGraphics`).
    case iterm
    /// Unicode symbol art in coloured cells (`SymbolArt`): every terminal.
    case symbols
    /// No pictures: the `[image: ALT]` placeholder (also what piped output prints).
    case off
}
