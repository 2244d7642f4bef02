/// What `JSONTextEncoder` builds while `encode(to:)` methods run: containers stay open
/// (reference types) because a nested container or a `superEncoder()` may still be
/// written after its parent has moved on. `resolved()` turns the tree into a `JSONValue`.
enum JSONPending {
    /// A finished value.
    case value(JSONValue)
    /// An array still open.
    case array(JSONPendingArray)
    /// An object still open.
    case object(JSONPendingObject)
    /// A `superEncoder()`'s place: whatever that encoder holds when the tree is finished
    /// (an empty object if nothing, as Foundation).
    case encoder(JSONEncoderImpl)

    /// The finished value.
    func resolved() -> JSONValue {
        switch self {
        case .value(let value): return value
        case .array(let array): return .array(array.elements.map { $0.resolved() })
        case .object(let object): return object.resolved()
        case .encoder(let encoder): return encoder.storage?.resolved() ?? .object([])
        }
    }
}

/// An array being encoded.
final class JSONPendingArray {
    /// Its elements so far.
    var elements: [JSONPending] = []

    init() {}

    /// An open array holding `values` (a finished array written into again).
    init(_ values: [JSONValue]) {
        elements = values.map { .value($0) }
    }
}

/// An object being encoded: its members in the order first written. Writing a key again
/// replaces its value in place (the last write wins, as in Foundation).
final class JSONPendingObject {
    private var keys: [String] = []
    private var values: [JSONPending] = []
    /// Key → position, once the object is large enough for a linear search to be slow.
    private var positions: [String: Int] = [:]
    private static let indexedFrom = 12

    init() {}

    /// An open object holding `members` (a finished object written into again).
    init(_ members: [JSONMember]) {
        for member in members { set(.value(member.value), for: member.key) }
    }

    /// The value written for `key`, if any.
    func value(for key: String) -> JSONPending? {
        position(of: key).map { values[$0] }
    }

    /// Writes `value` at `key`.
    func set(_ value: JSONPending, for key: String) {
        if let i = position(of: key) {
            values[i] = value
            return
        }
        keys.append(key)
        values.append(value)
        if keys.count == Self.indexedFrom {
            for (i, k) in keys.enumerated() { positions[k] = i }
        } else if keys.count > Self.indexedFrom {
            positions[key] = keys.count - 1
        }
    }

    /// The finished object.
    func resolved() -> JSONValue {
        var members: [JSONMember] = []
        members.reserveCapacity(keys.count)
        for i in keys.indices { members.append(JSONMember(key: keys[i], value: values[i].resolved())) }
        return .object(members)
    }

    private func position(of key: String) -> Int? {
        if keys.count >= Self.indexedFrom { return positions[key] }
        return keys.firstIndex(of: key)
    }
}
