/// How the pictures of a fixed-layout book are sized (`z`, the config key `fit`; issue #19,
/// docs/IMAGES.md): each page whole on the screen, or as wide as the text column and read
/// by scrolling through it.
public enum PictureFit: String, CaseIterable, Hashable, Sendable {
    /// The whole picture on one screen (the default).
    case page
    /// As wide as the text column, however tall; a picture taller than the text rows is
    /// scrolled through.
    case width

    /// The config-file key (and long option) that keeps it.
    public static let key = "fit"

    /// The other one (`z`).
    public var toggled: PictureFit { self == .page ? .width : .page }
}
