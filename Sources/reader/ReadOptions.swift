import LayoutCache
import ReaderApp
import ReaderCore
import ReaderState
import Storage
import Support
import Screen
import TerminalGraphics
import TextLayout

/// The pager's command line mapped to a configuration: which book, where to start, the
/// layout, the theme, the reveal (`reader [BOOK] [options]`, docs/CLI.md).
struct ReadOptions {
    static let specs: [Arguments.Spec] = DumpCommand.specs.filter { $0.name != "lines" && $0.name != "color" && $0.name != "logical" } + [
        .init(name: "percent", short: "p", takesValue: true),
        .init(name: "theme", short: nil, takesValue: true),
        .init(name: "margin", short: nil, takesValue: true),
        .init(name: "status", short: nil, takesValue: true),
        .init(name: "clipboard-command", short: nil, takesValue: true),
        .init(name: "images", short: nil, takesValue: true),
        .init(name: PictureFit.key, short: nil, takesValue: true),
        .init(name: "writing-mode", short: nil, takesValue: true),
        .init(name: "dictionaries", short: nil, takesValue: true),   // the config key; the pager's lookups (docs/DICTIONARIES.md)
    ] + RevealOptions.specs

    /// The book named, if any.
    var path: String?
    /// `--chapter`, `--offset`, `--percent`, in the order they apply.
    var jumps: [Jump] = []
    /// The layout (its width is `--width`, the most the text column may take).
    var layout: LayoutOptions
    /// How the book is opened.
    var open: BookOpenOptions
    /// The paced reveal's settings, and whether it starts at once (`--reveal`).
    var reveal: RevealSettings
    var startsRevealing: Bool
    /// How the loop draws and saves.
    var loop: ReaderLoopSettings
    /// The XDG folders.
    var directories: XDGDirectories
    /// `--notes`: where notes are printed when piped (the full-screen reader ignores it).
    var notes: NotesMode
    /// `--hyphenate`: applied to `layout` once the book (and its language) is known.
    var hyphenation: HyphenationChoice
    /// `--margin`: the least blank cells each side of the text column.
    var margin: Int
    /// `--images`: how pictures are drawn; nil is auto (asked of the terminal at start).
    var images: GraphicsProtocol?
    /// `--fit`: how a fixed-layout book's pages are sized (`z` inside).
    var pictureFit: PictureFit
    /// The order of dictionaries for lookups (`--dictionaries`, config `dictionaries`).
    var dictionaries: String
    /// `--writing-mode`: lines or vertical columns in the pager; nil is auto (vertical when
    /// the book asks for it, `BookMetadata.verticalWriting`).
    var writingMode: WritingMode?

    init(_ args: [String], environment: [String: String]) throws {
        let a = try Arguments(args, specs: Self.specs)
        if let rate = RevealOptions.detachedRate(in: args),
           a.positionals.count > 1 || !FileSystem.exists(rate) {
            throw CLIError.usage("--reveal takes its rate after '=': did you mean --reveal=\(rate)?")
        }
        guard a.positionals.count <= 1 else { throw CLIError.usage("give one BOOK") }
        path = a.positionals.first
        layout = try DumpCommand.layoutOptions(a)
        layout.width = try DumpCommand.width(a) ?? 80
        jumps = try Self.jumps(a)
        notes = try DumpCommand.notesMode(a)
        hyphenation = try DumpCommand.hyphenationChoice(a)
        margin = try a.int("margin", in: 0...20) ?? ReadingSettings.defaultMargin
        reveal = try RevealOptions.settings(a)
        startsRevealing = a.value("reveal").map { ConfigKey.flagValue($0) != false } ?? false
        directories = XDGDirectories(environment: environment)
        let limit = environment["READER_CACHE_MAX"].flatMap(CacheSizeLimit.parse) ?? LayoutCache.defaultMaxBytes
        open = BookOpenOptions(encoding: a.value("encoding"), warmLineBreaking: layout.lineBreakStyle, layoutCacheBytes: limit)
        loop = ReaderLoopSettings(theme: try Self.theme(a, environment: environment), arabicShaping: layout.arabicShaping,
                                  encoder: .fromEnvironment(environment), countsStoppedTime: reveal.catchUp)
        loop.statusFields = try Self.statusFields(a)
        loop.clipboard = a.value("clipboard-command").map { $0 == "osc52" || $0.isEmpty ? .terminal : .command($0) } ?? .terminal
        images = try Self.images(a)
        pictureFit = try Self.pictureFit(a)
        writingMode = try a.choice("writing-mode", ["auto": WritingMode?.none, "horizontal": .horizontal, "vertical": .vertical],
                                   default: "auto")
        if let given = a.value("dictionaries"), ConfigKey.named("dictionaries")?.normalized(given) == nil {
            throw CLIError.usage("bad value '\(given)' for --dictionaries (all, or dictionary names separated by commas)")
        }
        dictionaries = a.value("dictionaries").flatMap { $0 == "all" ? nil : $0 } ?? ""
    }

    /// `--fit page|width` (default page).
    static func pictureFit(_ a: Arguments) throws -> PictureFit {
        guard let text = a.value(PictureFit.key) else { return .page }
        guard let fit = PictureFit(rawValue: text) else { throw CLIError.usage("--fit must be page or width, not '\(text)'") }
        return fit
    }

    /// `--images auto|kitty|sixel|iterm|symbols|off` (default auto: nil).
    static func images(_ a: Arguments) throws -> GraphicsProtocol? {
        guard let text = a.value("images"), text != "auto" else { return nil }
        guard let graphics = GraphicsProtocol(rawValue: text) else {
            throw CLIError.usage("--images must be auto, kitty, sixel, iterm, symbols or off, not '\(text)'")
        }
        return graphics
    }

    /// `--status FIELDS` (default: `StatusFields.standard`).
    static func statusFields(_ a: Arguments) throws -> StatusFields {
        guard let text = a.value("status") else { return .standard }
        guard let fields = StatusFields(parsing: text) else {
            throw CLIError.usage("--status takes fields separated by commas (title, chapter, percent, time-left-chapter, "
                                 + "time-left-book) or none, not '\(text)'")
        }
        return fields
    }

    /// The jumps asked for: chapter, then offset, then percent (the last one given wins).
    static func jumps(_ a: Arguments) throws -> [Jump] {
        var jumps: [Jump] = []
        if let n = try a.int("chapter", in: 1...Int(Int32.max)) { jumps.append(.chapter(n)) }
        if let b = try a.int("offset", in: 0...Int(Int32.max)) { jumps.append(.offset(b)) }
        if let p = a.value("percent") {
            guard let value = Double(p.hasSuffix("%") ? String(p.dropLast()) : p), value >= 0, value <= 100 else {
                throw CLIError.usage("--percent must be a number from 0 to 100, not '\(p)'")
            }
            jumps.append(.percent(value))
        }
        return jumps
    }

    /// `--theme`, else plain with `NO_COLOR`, else dark.
    static func theme(_ a: Arguments, environment: [String: String]) throws -> Theme {
        guard let name = a.value("theme") else {
            return environment["NO_COLOR"].map { $0.isEmpty } == false ? .plain : .dark
        }
        guard let theme = Theme.named(name) else { throw CLIError.usage("--theme must be dark, light or plain, not '\(name)'") }
        return theme
    }
}
