import ReaderCore

/// Which inputs a partial session handles itself while the rest of the book is parsed
/// (issue #20): moving through the text it has, and quitting. Every other key needs the
/// whole book (contents, search, `G`, bookmarks, settings…) and waits for it.
enum PartialBookKeys {
    /// The direction `input` moves the reading layer (+1 forward, −1 back, 0 for quitting
    /// and for Esc),
    /// or nil when the input needs the whole book. `rightToLeft`: ← is the next page.
    static func direction(of input: Input, rightToLeft: Bool) -> Int? {
        switch input {
        case .character(" "), .character("f"), .pageDown, .control("f"), .character("j"), .down, .enter,
             .control("e"), .control("n"), .wheelDown, .character("d"), .control("d"):
            return 1
        case .character("b"), .pageUp, .control("b"), .backspace, .character("k"), .up, .control("y"), .control("p"),
             .wheelUp, .character("u"), .control("u"):
            return -1
        case .right: return rightToLeft ? -1 : 1
        case .left: return rightToLeft ? 1 : -1
        case .character("q"), .character("Q"), .control("c"), .escape: return 0  // quitting; Esc with nothing waiting
        default: return nil
        }
    }
}
