/// How readings (ruby) and emphasis marks are shown (`--ruby`, docs/RUBY.md).
public enum RubyMode: UInt8, Sendable, CaseIterable {
    /// On a row of their own above each line that carries them (the default).
    case above
    /// After the base in full-width parentheses, `漢字（かんじ）`, one unbreakable unit.
    case inline
    /// Not shown: the base text alone.
    case off

    /// The name on the command line and in cache keys.
    public var name: String {
        switch self {
        case .above: return "above"
        case .inline: return "inline"
        case .off: return "off"
        }
    }

    /// The mode named `name`, nil for another name.
    public init?(name: String) {
        guard let mode = RubyMode.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }
}
