import ReaderApp
import Screen
import Support
import TextContent
import TextLayout

/// `reader dump BOOK [--width N] [--chapter N] [--offset B] [--lines K] [--line-break S] [--color]
/// [--direction ltr|rtl|auto] [--arabic-shaping on|off] [--ruby above|inline|off] [--logical] [--notes inline|end|off]
/// [--writing-mode horizontal|vertical|auto [--height N] [--pages K]]`:
/// the laid-out text as plain lines, exactly as the reader shows it (visual order;
/// `--logical` for memory order), with the notes' texts where `--notes` puts them.
enum DumpCommand {
    static let specs: [Arguments.Spec] = [
        .init(name: "width", short: "w", takesValue: true),
        .init(name: "chapter", short: "c", takesValue: true),
        .init(name: "offset", short: nil, takesValue: true),
        .init(name: "lines", short: "n", takesValue: true),
        .init(name: "line-break", short: nil, takesValue: true),
        .init(name: "color", short: nil, takesValue: false),
        .init(name: "encoding", short: nil, takesValue: true),
        .init(name: "indent", short: nil, takesValue: true),
        .init(name: "justify", short: nil, takesValue: false, optionalValue: true),
        .init(name: "wrap", short: nil, takesValue: true),
        .init(name: "hyphenate", short: nil, takesValue: true),
        .init(name: "ruby", short: nil, takesValue: true),
        .init(name: "compact", short: nil, takesValue: false, optionalValue: true),
        .init(name: "direction", short: nil, takesValue: true),
        .init(name: "arabic-shaping", short: nil, takesValue: true),
        .init(name: "logical", short: nil, takesValue: false),
        .init(name: "notes", short: nil, takesValue: true),
        .init(name: "writing-mode", short: nil, takesValue: true),
        .init(name: "height", short: nil, takesValue: true),
        .init(name: "pages", short: nil, takesValue: true),
    ]

    static func run(_ args: [String]) throws {
        let started = SystemClock().now()
        let a = try Arguments(args, specs: specs)
        guard a.positionals.count == 1 else {
            throw CLIError.usage(a.positionals.isEmpty ? "dump needs a BOOK" : "dump takes one BOOK")
        }
        let notes = try notesMode(a)
        let layout = try layoutOptions(a), hyphenation = try hyphenationChoice(a)
        let session = try Sessions.open(a.positionals[0], BookOpenOptions(encoding: a.value("encoding")))
        let options = hyphenation.apply(to: layout, book: session.content)
        let jumps = try ReadOptions.jumps(a)
        let (content, start) = try expanded(session.content, notes: notes, from: Sessions.resolve(jumps, in: session.content) ?? .zero)
        if try a.choice("writing-mode", ["horizontal": false, "vertical": true, "auto": false], default: "auto") {
            VerticalDump.print(content, height: try a.int("height", in: 2...10_000) ?? VerticalDump.defaultHeight,
                               width: options.width, from: start, maxPages: try a.int("pages", in: 0...Int(Int32.max)),
                               readings: options.ruby != .off)
            return
        }
        let limit = try a.int("lines", in: 0...Int(Int32.max))
        var printer = DumpPrinter(content: content, options: options, color: a.has("color"))
        printer.logical = a.has("logical")
        if a.has("color") {
            // The reader's own theme and encoder (NO_COLOR: attributes only).
            let environment = Environment.variables()
            printer.styling = DumpStyling(theme: try ReadOptions.theme(a, environment: environment),
                                          encoder: ANSIEncoder(options: .fromEnvironment(environment)))
        }
        print(&printer, session: session, cacheLayouts: notes == .off, from: start, maxLines: limit, started: started)
    }

    /// Prints `printer`'s book from `start` (`maxLines` lines, or to the end), then does
    /// the work for after the output (`dump` and pipe mode): with `cacheLayouts`, chapters
    /// are read from the layout cache when present and the cache is filled when the whole
    /// book was laid out here (not with the notes put in: the cache has the book's own
    /// lines); the parse goes to the content cache when the book was parsed now.
    /// `started` (when the command started, `SystemClock` seconds) is for `READER_STATS`' timings.
    static func print(_ printer: inout DumpPrinter, session: BookSession, cacheLayouts: Bool, from start: ByteOffset,
                      maxLines: Int?, started: Double? = nil) {
        let disk = session.layouts, options = printer.options, chapters = printer.content.chapters.count
        if cacheLayouts { printer.source = { chapter in disk.lines(options: options, chapter: chapter) } }
        printer.print(from: start, maxLines: maxLines)
        let printed = SystemClock().now()
        if cacheLayouts, printer.laidOut.count == chapters, disk.layout(for: options) == nil {
            disk.store(options: options, chapters: (0..<chapters).map { printer.laidOut[$0]! })
        }
        Sessions.outputDone(session, started: started, printed: printed)
    }

    /// `--hyphenate auto|off|LANG` (default auto: the book's language).
    static func hyphenationChoice(_ a: Arguments) throws -> HyphenationChoice {
        let value = a.value("hyphenate") ?? "auto"
        guard let choice = HyphenationChoice.parse(value) else {
            throw CLIError.usage("--hyphenate must be auto, off or a language tag like en-GB, not '\(value)'")
        }
        return choice
    }

    /// `--notes inline|end|off` (default off).
    static func notesMode(_ a: Arguments) throws -> NotesMode {
        try a.choice("notes", ["off": NotesMode.off, "inline": .inline, "end": .end], default: "off")
    }

    /// The book with its notes put in as `notes` says, and where `start` (an offset of the
    /// book) is in it: the start of its chapter, or of the book.
    static func expanded(_ content: TextContent, notes: NotesMode, from start: ByteOffset) -> (TextContent, ByteOffset) {
        guard notes != .off else { return (content, start) }
        let insertions = NoteExpansion.insertions(for: content, mode: notes)
        return (insertions.apply(to: content), insertions.newOffset(start))
    }

    /// `--width N`, or nil for `--width auto` or no `--width` (the default).
    static func width(_ a: Arguments) throws -> Int? {
        a.value("width") == "auto" ? nil : try a.int("width", in: 1...10_000)
    }

    /// Layout options from the shared command-line flags.
    static func layoutOptions(_ a: Arguments) throws -> LayoutOptions {
        let width = try width(a) ?? 80
        let style = try a.choice("line-break", ["strict": LineBreakStyle.strict, "normal": .normal, "loose": .loose],
                                 default: "strict")
        let indent = try a.int("indent", in: 0...100) ?? 0
        let direction = try a.choice("direction", ["ltr": BidiDirection.leftToRight, "rtl": .rightToLeft, "auto": .auto],
                                     default: "auto")
        let shaping = try a.choice("arabic-shaping", ["on": true, "off": false], default: "on")
        let wrap = try a.choice("wrap", ["optimal": WrapStyle.optimal, "greedy": .greedy], default: WrapStyle.defaultForReading.name)
        let ruby = try a.choice("ruby", ["above": RubyMode.above, "inline": .inline, "off": .off], default: "above")
        return LayoutOptions(width: width, firstLineIndent: indent, paragraphSpacing: !(try a.flag("compact")),
                             lineBreakStyle: style, justify: try a.flag("justify"), direction: direction, arabicShaping: shaping,
                             wrap: wrap, ruby: ruby)
    }
}

/// Prints laid-out lines chapter by chapter as plain text (or with SGR styles).
struct DumpPrinter {
    let content: TextContent
    let options: LayoutOptions
    let color: Bool
    /// Print each line's clusters in logical (memory) order instead of visual order.
    var logical = false
    var out = Output()
    /// Where a chapter's lines may come from before laying it out (the layout cache).
    var source: ((Int) -> LineCollection?)?
    /// The escapes of `--color` (nil: plain text).
    var styling: DumpStyling?
    /// Each paragraph's bidi analysis, done once for all its lines.
    private let paragraphs = BidiParagraphCache()
    /// The chapters laid out here (not taken from `source`), by index.
    private(set) var laidOut: [Int: LineCollection] = [:]

    init(content: TextContent, options: LayoutOptions, color: Bool) {
        self.content = content
        self.options = options
        self.color = color
    }

    /// Prints from the line containing `start` to the end of the book, or `maxLines` lines.
    mutating func print(from start: ByteOffset, maxLines: Int?) {
        var remaining = maxLines ?? Int.max
        guard remaining > 0, !content.chapters.isEmpty else { out.flush(); return }
        var chapterIndex = content.chapterIndex(containing: start) ?? 0
        var first = true
        while chapterIndex < content.chapters.count && remaining > 0 {
            let chapter = content.chapters[chapterIndex]
            let lines: LineCollection
            if let found = source?(chapterIndex), found.options == options, found.range == chapter.range {
                lines = found
            } else {
                lines = TextLayout.layout(content, range: chapter.range, options: options)
                laidOut[chapterIndex] = lines
            }
            var i = first ? lines.lineIndex(containing: start) : 0
            if !first && !lines.isEmpty && remaining > 0 {
                // A blank line between chapters, as the pager shows a chapter start.
                out.writeByte(0x0A)
                remaining -= 1
            }
            first = false
            while i < lines.count && remaining > 0 {
                if lines[i].flags.contains(.rubyRow) {
                    writeRubyRow(over: i + 1 < lines.count ? lines[i + 1] : nil)
                } else {
                    writeLine(lines[i])
                }
                remaining -= 1
                i += 1
            }
            chapterIndex += 1
        }
        out.flush()
    }

    /// A ruby row: the readings and emphasis marks over `line`, dimmed with `--color`.
    private mutating func writeRubyRow(over line: Line?) {
        var col = 0
        if let line {
            let pieces = TextLayout.rubyRow(over: line, in: content, options: options, paragraphs: paragraphs)
            if let escape = styling?.readingStyle(), !pieces.isEmpty { out.write(bytes: escape) }
            for piece in pieces where piece.column >= col {
                out.write(bytes: repeatElement(UInt8(0x20), count: piece.column - col))
                out.write(piece.text)
                col = piece.column + piece.width
            }
            if !pieces.isEmpty, let escape = styling?.end() { out.write(bytes: escape) }
        }
        out.writeByte(0x0A)
    }

    private mutating func writeLine(_ line: Line) {
        var col = 0
        let bytes = content.bytes
        // The list marker, placed as the reader places it: before the text (left to right,
        // or --logical), or after it for a right-to-left paragraph, whose indent is on the right.
        let marker = TextLayout.listMarker(of: line, in: content, options: options, paragraphs: paragraphs, logical: logical)
        let markerAfter = marker.map { $0.column >= line.indent } ?? false
        if let marker, !markerAfter {
            out.write(String(repeating: " ", count: marker.column) + marker.text)
            col = marker.column + marker.text.unicodeScalars.count
        }
        styling?.begin(line, in: content, ruby: options.ruby)
        func place(_ cluster: PlacedCluster) {
            if cluster.column > col {
                out.write(bytes: repeatElement(UInt8(0x20), count: cluster.column - col))
                col = cluster.column
            }
            if cluster.isReading {
                if let escape = styling?.readingStyle() { out.write(bytes: escape) }
            } else if let escape = styling?.escape(before: cluster.range.lowerBound) {
                out.write(bytes: escape)
            }
            if cluster.isBlank {
                out.write(bytes: repeatElement(UInt8(0x20), count: cluster.width))
            } else if let text = cluster.text {
                out.write(text)
            } else {
                out.write(bytes: bytes[cluster.range.intRange])
            }
            col += cluster.width
        }
        if logical {
            TextLayout.forEachLogicalCluster(of: line, in: content, options: options, tables: paragraphs.tables, place)
        } else {
            TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs, place)
        }
        if let marker, markerAfter, marker.column > col {
            out.write(String(repeating: " ", count: marker.column - col) + marker.text)
        }
        if let escape = styling?.end() { out.write(bytes: escape) }
        out.writeByte(0x0A)
    }
}
