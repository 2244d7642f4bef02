/// A coding key made by the JSON coders themselves: an array index (`"Index 3"`, int value
/// 3) or a plain string such as `"super"`, spelt as Foundation spells them in coding paths.
struct JSONCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of an array element, as in Foundation's error paths.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = JSONCodingKey(stringValue: "super")
}

/// Where a coder is in the value: a chain of keys and indices back to the root, built
/// as the coders descend and turned into a `[CodingKey]` only when asked for.
indirect enum JSONCodingPath {
    case root
    case key(any CodingKey, JSONCodingPath)
    case index(Int, JSONCodingPath)

    /// This path with `key` appended.
    func appending(_ key: some CodingKey) -> JSONCodingPath { .key(key, self) }

    /// This path with an array index appended.
    func appending(index: Int) -> JSONCodingPath { .index(index, self) }

    /// The keys from the root.
    var keys: [any CodingKey] {
        var result: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return result.reversed()
            case .key(let key, let parent):
                result.append(key)
                node = parent
            case .index(let index, let parent):
                result.append(JSONCodingKey(index: index))
                node = parent
            }
        }
    }
}
