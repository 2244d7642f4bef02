import ReaderCore

/// The reading layer's key bindings after the config file's `map` and `unmap` lines: it
/// turns a key into the key the reading layer knows for its action before the layer gets
/// it (docs/CONFIG.md). Only for the reading layer: while a list, prompt or popup is on
/// top, keys go to it unchanged (`ReaderLoop`).
public struct KeyMap: Sendable {
    /// The default bindings: each default key and its action.
    public static let defaults: [Input: KeyAction] = {
        var map: [Input: KeyAction] = [:]
        for action in KeyAction.allCases {
            for key in action.defaultKeys { map[KeyName.input(key)!] = action }
        }
        return map
    }()

    /// Each bound key and its action.
    public private(set) var bindings: [Input: KeyAction]

    /// The default bindings.
    public init() { bindings = Self.defaults }

    /// Whether no binding differs from the defaults.
    public var isDefault: Bool { bindings == Self.defaults }

    /// Binds `key` to `action` (in addition to the action's other keys; the key's old
    /// binding goes).
    public mutating func map(_ key: Input, to action: KeyAction) { bindings[key] = action }

    /// Unbinds `key`: the reading layer no longer gets it.
    public mutating func unmap(_ key: Input) { bindings[key] = nil }

    /// The keys bound to `action`, its default keys first in their order, then the others
    /// by name.
    public func keys(for action: KeyAction) -> [Input] {
        let defaults = action.defaultKeys.compactMap(KeyName.input).filter { bindings[$0] == action }
        let others = bindings.filter { $0.value == action && !defaults.contains($0.key) }.map(\.key)
        return defaults + others.sorted { KeyName.name($0) < KeyName.name($1) }
    }

    /// What the reading layer gets for `input`: the input itself when it is bound as by
    /// default (or is no key of the map: mouse, unbound characters), its action's key when
    /// it is mapped to another action, nil when it was unmapped.
    public func translate(_ input: Input) -> Input? {
        guard let action = bindings[input] else { return Self.defaults[input] == nil ? input : nil }
        return Self.defaults[input] == action ? input : action.input
    }
}
