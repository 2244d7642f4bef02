/// The layers on screen, bottom first (the reading layer), and how an input travels
/// through them: top to bottom until one consumes it.
public struct LayerStack {
    /// The layers, bottom first; never empty.
    public private(set) var layers: [any Layer]

    /// A stack holding only `base` (the reading layer).
    public init(base: any Layer) {
        layers = [base]
    }

    /// The layer that gets inputs first.
    public var top: any Layer { layers[layers.count - 1] }

    /// Whether some layer covers the text (the reveal is held meanwhile).
    public var hidesText: Bool { layers.contains { $0.hidesText } }

    /// Puts `layer` on top.
    public mutating func push(_ layer: any Layer) {
        layers.append(layer)
    }

    /// Offers `input` to the layers from the top down until one consumes it, applying
    /// each one's stack changes; returns the effects of all the layers that saw it.
    /// The status message is cleared first, unless the consuming layer keeps it.
    mutating func dispatch(_ input: Input, at time: Double, in context: ReadingContext) -> [Effect] {
        let message = context.message
        context.message = nil
        var effects: [Effect] = []
        var index = layers.count - 1
        while index >= 0 {
            let response = layers[index].handle(input, at: time, in: context)
            effects += response.effects
            apply(response.actions, from: index)
            if response.consumed {
                if response.keepsMessage && context.message == nil { context.message = message }
                break
            }
            index -= 1
        }
        return effects
    }

    private mutating func apply(_ actions: [LayerAction], from index: Int) {
        for action in actions {
            switch action {
            case .push(let layer): layers.append(layer)
            case .pop: if index > 0 && index < layers.count { layers.remove(at: index) }
            }
        }
    }

    /// Lets the visible layers add what they show, bottom first: from the topmost layer
    /// that hides the text (those below it are covered) up.
    func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let first = layers.lastIndex(where: { $0.hidesText }) ?? 0
        for layer in layers[first...] { layer.compose(into: &snapshot, context: context) }
    }
}
