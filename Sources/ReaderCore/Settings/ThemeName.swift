/// The themes by name, in the order `c` cycles through them.
public enum ThemeName: String, CaseIterable, Hashable, Sendable {
    case dark
    case light
    case plain

    /// The theme's colours.
    public var theme: Theme {
        switch self {
        case .dark: return .dark
        case .light: return .light
        case .plain: return .plain
        }
    }

    /// The name of `theme` (dark when it is none of them).
    public init(of theme: Theme) {
        self = Self.allCases.first { $0.theme == theme } ?? .dark
    }

    /// The next theme in the cycle.
    public var next: ThemeName {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
