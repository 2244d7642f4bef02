/// One part of the screen's behaviour: the reading view at the bottom, and the overlays
/// pushed on it (contents, bookmarks, help, the `/` and `:` prompt…), as in helix's
/// compositor.
///
/// An input goes to the top layer first; a layer either consumes it or lets it fall
/// through to the layer below (`LayerResponse.consumed`). A layer changes the shared
/// `ReadingContext`, returns `Effect`s for the host and may push a layer or pop itself.
/// After every update each visible layer adds what it shows to the `PageSnapshot`
/// (`compose`), as values the renderer draws without layout or I/O.
///
/// A new overlay is a new type conforming to `Layer` (plus the key that pushes it).
public protocol Layer {
    /// Handles `input`, given at `time` (seconds on the host's monotonic clock).
    mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse

    /// Adds what this layer shows to `snapshot`: views drawn over the layers below, or
    /// fields of the status line. Called during an update, bottom layer first, only for
    /// the layers that are visible; it may lay out text.
    func compose(into snapshot: inout PageSnapshot, context: ReadingContext)

    /// Whether this layer covers the text rows: the layers below it are not composed,
    /// and the paced reveal is held while it is on the stack.
    var hidesText: Bool { get }
}

/// A change to the layer stack asked for by the layer that handled an input.
public enum LayerAction {
    /// Put a layer on top of the stack.
    case push(any Layer)
    /// Remove the layer that returned this (the bottom layer is never removed).
    case pop
}

/// What a layer did with an input.
public struct LayerResponse {
    /// Whether the input stops here; when false it falls through to the layer below.
    public var consumed: Bool
    /// What the host must do.
    public var effects: [Effect]
    /// Changes to the stack, applied in order.
    public var actions: [LayerAction]
    /// Whether the status line's message survives this input (the reveal's own keys
    /// leave it); otherwise a message lasts until the next input.
    public var keepsMessage: Bool

    /// Creates a response.
    public init(consumed: Bool, effects: [Effect] = [], actions: [LayerAction] = [], keepsMessage: Bool = false) {
        self.consumed = consumed
        self.effects = effects
        self.actions = actions
        self.keepsMessage = keepsMessage
    }

    /// Consumed, with `effects`.
    public static func consumed(_ effects: [Effect] = []) -> LayerResponse {
        LayerResponse(consumed: true, effects: effects)
    }

    /// Not for this layer: the layer below gets it.
    public static let ignored = LayerResponse(consumed: false)

    /// Consumed; `layer` goes on top.
    public static func push(_ layer: any Layer) -> LayerResponse {
        LayerResponse(consumed: true, actions: [.push(layer)])
    }

    /// Consumed; this layer closes, with `effects`.
    public static func pop(_ effects: [Effect] = []) -> LayerResponse {
        LayerResponse(consumed: true, effects: effects, actions: [.pop])
    }
}
