/// The settings panel (`o`): the layout and display options (`ReaderSetting`), `j`/`k`
/// or the arrows choose one, `→`/`l`/Enter/Space step it forward and `←`/`h` back,
/// applied at once with the reading position kept; Esc/`q`/`o` closes. Changes are saved
/// for this book (`Effect.settingsChanged`). The page stays visible above the panel.
public struct SettingsLayer: Layer {
    /// The selected setting.
    public private(set) var selected = 0

    /// The panel, its first setting selected.
    public init() {}

    /// The page shows through (changes are seen as they are made).
    public var hidesText: Bool { false }

    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        let all = ReaderSetting.allCases
        switch input {
        case .character("j"), .down, .wheelDown, .tab: selected = min(all.count - 1, selected + 1)
        case .character("k"), .up, .wheelUp, .backTab: selected = max(0, selected - 1)
        case .right, .character("l"), .enter, .character(" "), .left, .character("h"):
            let forward = input != .left && input != .character("h")
            if all[selected].step(by: forward ? 1 : -1, in: context) { return .consumed([.settingsChanged]) }
            if context.message == nil { context.message = "\(all[selected].title): no other value here" }
        case .escape, .character("q"), .character("o"): return .pop()
        default: break
        }
        return .consumed()
    }

    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let rows = ReaderSetting.allCases.map { SettingsView.Row(title: $0.title, value: $0.value(in: context)) }
        snapshot.views.append(SettingsView(frame: frame(in: context.geometry, rows: rows.count), rows: rows, selected: selected))
    }

    /// The box: as wide as the text column plus a border (at least 44 cells, at most the
    /// screen), tall enough for every setting (at most half the text rows), above the
    /// status line.
    func frame(in geometry: ScreenGeometry, rows: Int) -> Region {
        let width = min(geometry.columns, max(44, geometry.textWidth + 4))
        let height = min(rows + 2, max(3, geometry.textRows / 2))
        return Region(row: max(0, geometry.textRows - height), column: max(0, (geometry.columns - width) / 2),
                      width: width, height: height)
    }
}
