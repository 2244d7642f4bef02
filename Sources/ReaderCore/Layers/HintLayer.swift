import TextContent

/// `F`: a label on each link of the page (`HintLabels`); typing a label follows its link,
/// Backspace takes back a letter, Esc (or a letter no label starts with) closes.
public struct HintLayer: Layer {
    /// The links labelled, in reading order.
    public let links: [StyleRun]
    /// Their labels.
    public let labels: [String]
    /// What has been typed so far.
    public private(set) var typed = ""

    /// Labels for the links on the page of `context`.
    public init(context: ReadingContext) {
        let links = Array(context.visibleLinks().prefix(HintLabels.limit))
        self.links = links
        labels = HintLabels.labels(count: links.count)
    }

    /// The page stays visible under the labels.
    public var hidesText: Bool { false }

    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        switch input {
        case .character(let c) where c.isLetter:
            typed.append(Character(c.lowercased()))
            let candidates = labels.indices.filter { labels[$0].hasPrefix(typed) }
            guard let first = candidates.first else {
                context.message = "No link labelled \"\(typed)\""
                return .pop()
            }
            guard candidates.count == 1, labels[first] == typed else { return .consumed() }
            var response = LinkFollowing.follow(links[first], in: context)
            response.actions.insert(.pop, at: 0)
            return response
        case .backspace:
            if typed.isEmpty { return .pop() }
            typed.removeLast()
            return .consumed()
        case .control("c"): return .ignored
        default: return .pop()
        }
    }

    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        var hints: [HintView.Hint] = []
        let cells = context.cells(of: links.map(\.range))
        for (i, label) in labels.enumerated() where label.hasPrefix(typed) {
            guard let cell = cells[i] else { continue }
            hints.append(HintView.Hint(row: cell.row, column: cell.column, label: label, typed: typed.count))
        }
        snapshot.views.append(HintView(hints: hints))
        if snapshot.status.message == nil { snapshot.status.message = "Type a link's label (Esc: cancel)" }
    }
}
