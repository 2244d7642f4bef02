/// The reveal's field on the status line: state and speed in fixed widths, so nothing
/// shifts while it changes (`reveal   30 cps`, `paused   30 cps`, `ff×10   30 cps`,
/// `page→   30 cps`, `end      30 cps`).
public struct RevealStatus: Hashable, Sendable {
    /// The state word, padded to `stateWidth` cells.
    public var state: String
    /// The speed, `%4d cps`.
    public var speed: String

    /// Cells of the state word.
    public static let stateWidth = 6

    /// The field for `state`.
    public init(state reveal: RevealState) {
        let word: String
        if reveal.isPausedByUser {
            word = "paused"
        } else if case .done = reveal.phase {
            word = "end"
        } else if reveal.schedule.isFastForward {
            word = "ff×10"
        } else if case .waiting = reveal.phase {
            word = "page→"
        } else {
            word = "reveal"
        }
        state = word + String(repeating: " ", count: max(0, Self.stateWidth - word.count))
        let n = String(Int(reveal.settings.rate.rounded()))
        speed = String(repeating: " ", count: max(0, 4 - n.count)) + n + " cps"
    }

    /// "reveal   30 cps": always `stateWidth + 1 + 8` cells.
    public var text: String { state + " " + speed }
}
