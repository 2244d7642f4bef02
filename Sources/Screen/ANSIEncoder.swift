/// Turns frames into terminal output: the difference between the previous frame and the
/// next one, as ANSI/ECMA-48 bytes.
///
/// Output uses only:
/// * `CSI row;col H` (CUP) and `CSI n C` (CUF) to move the cursor,
/// * `CSI 0;…m` (SGR), emitted only when the style of the next printed cell differs from
///   the one in effect (always a full reset-and-set, so no state leaks between styles),
/// * `CSI 0m CSI 2J` to clear the screen before a full redraw,
/// * optionally `CSI ?2026h` / `CSI ?2026l` around the frame (synchronized output),
/// * optionally `ESC ] 8 ; ; URL ESC \` / `ESC ] 8 ; ; ESC \` around linked cells (OSC 8
///   hyperlinks, `Options.hyperlinks`); a URL is sent only if every byte is printable
///   ASCII (0x21–0x7E: no control, ESC, BEL, space or non-ASCII byte), else its cells are
///   drawn as plain text,
/// * the sanitised graphemes of changed cells.
///
/// A full redraw happens when `previous` is nil or its size differs from `next`; pass nil
/// whenever the terminal may have been disturbed (start-up, resize, resume after Ctrl-Z).
///
/// The encoder never emits C0 controls (< 0x20), DEL (0x7F) or C1 controls
/// (U+0080–U+009F) from cell content: a grapheme containing any of them is printed as
/// U+FFFD (padded with a space for a wide cell), and an empty grapheme as spaces. Book text
/// therefore cannot reach the terminal as control sequences, even if a filter upstream
/// failed.
///
/// The encoder assumes nothing about the terminal's cursor position or current SGR state
/// at the start of a frame, and never relies on auto-wrap: after printing into the last
/// column it always repositions with CUP.
public struct ANSIEncoder: Sendable {
    /// Encoder options.
    public struct Options: Hashable, Sendable {
        /// When false (the `NO_COLOR` convention), colours are dropped; bold, dim, italic,
        /// underline and reverse are kept.
        public var colors: Bool
        /// Wrap each frame in `CSI ?2026h` … `CSI ?2026l` so terminals that support
        /// synchronized output show it atomically (others ignore the private mode).
        public var synchronizedOutput: Bool

        /// Send the buffer's links (`ScreenBuffer.setHyperlink`) as OSC 8 hyperlinks, so the
        /// terminal can open them: `ESC ] 8 ; ; URL ESC \` before the first cell of a run of
        /// cells with the same link, `ESC ] 8 ; ; ESC \` when the run ends, before any cursor
        /// movement and at the end of the frame (a link never stays open across a jump or a
        /// frame boundary; a full redraw of a frame with links also starts with one, ending
        /// whatever link the terminal had open). A cell whose link changed is redrawn. No
        /// OSC 8 byte is sent for a frame without links. When false, links are
        /// ignored and no OSC 8 byte is sent. Terminals without OSC 8 support ignore the
        /// sequence; `fromEnvironment` leaves it off for the few known to print it instead.
        public var hyperlinks: Bool

        /// Creates options; defaults: colours on, no synchronized output, no hyperlinks.
        public init(colors: Bool = true, synchronizedOutput: Bool = false, hyperlinks: Bool = false) {
            self.colors = colors
            self.synchronizedOutput = synchronizedOutput
            self.hyperlinks = hyperlinks
        }

        /// Options from the environment. Screen does no I/O, so the caller passes it (e.g.
        /// `ProcessInfo.processInfo.environment`).
        /// * `colors` follows the `NO_COLOR` convention (https://no-color.org): off when
        ///   `NO_COLOR` is present with a non-empty value.
        /// * `hyperlinks` is on unless `TERM` is `dumb` or `linux` (the Linux console) or starts
        ///   with `vt` (DEC terminals and their emulations), or `NO_HYPERLINKS` or
        ///   `READER_NO_HYPERLINKS` is present with a non-empty value.
        public static func fromEnvironment(_ environment: [String: String],
                                           synchronizedOutput: Bool = false) -> Options {
            func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
            let term = environment["TERM"] ?? ""
            let plainTerminal = term == "dumb" || term == "linux" || term.hasPrefix("vt")
            let hyperlinks = !plainTerminal && !set("NO_HYPERLINKS") && !set("READER_NO_HYPERLINKS")
            return Options(colors: !set("NO_COLOR"), synchronizedOutput: synchronizedOutput,
                           hyperlinks: hyperlinks)
        }
    }

    /// The options in use.
    public var options: Options

    /// Creates an encoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Bytes that redraw the whole of `next` (clear screen, then every non-blank cell).
    public func encodeFull(_ next: ScreenBuffer) -> [UInt8] {
        encode(from: nil, to: next)
    }

    /// Bytes that turn a terminal showing `previous` into one showing `next`.
    ///
    /// Unchanged cells are skipped; a wide glyph is reprinted when either of its halves
    /// changed. Falls back to a full redraw when `previous` is nil or has another size, or
    /// when the full redraw is shorter.
    public func encode(from previous: ScreenBuffer?, to next: ScreenBuffer) -> [UInt8] {
        encodeFrame(from: previous, to: next).bytes
    }

    /// `encode(from:to:)`, and whether those bytes clear the screen first (`CSI 2J`: no
    /// previous frame of this size, or the full redraw was shorter), which also erases what
    /// was drawn over the cells by other means (sixel or kitty pictures).
    public func encodeFrame(from previous: ScreenBuffer?, to next: ScreenBuffer) -> (bytes: [UInt8], clears: Bool) {
        let diff = encodeDiff(from: previous, to: next)
        guard let previous, previous.width == next.width, previous.height == next.height else { return (diff, true) }
        // When most of the screen changes (a page turn), overwriting every old cell can
        // take more bytes than clearing and drawing the new text: send the smaller.
        let full = encodeDiff(from: nil, to: next)
        return full.count < diff.count ? (full, true) : (diff, false)
    }

    /// A frame's bytes with `extra` (pictures' sequences) after its cells, inside its
    /// synchronized update when the frame has one.
    public func appending(_ extra: [UInt8], toFrame frame: [UInt8]) -> [UInt8] {
        guard !extra.isEmpty else { return frame }
        let marker = Self.endSynchronizedUpdate
        let end = Array(UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount))
        guard options.synchronizedOutput, frame.count >= end.count, frame.suffix(end.count).elementsEqual(end) else {
            return frame + extra
        }
        var bytes = frame
        bytes.insert(contentsOf: extra, at: bytes.count - end.count)
        return bytes
    }

    /// The sequence that ends a synchronized update (`CSI ?2026l`).
    static let endSynchronizedUpdate: StaticString = "\u{1B}[?2026l"

    private func encodeDiff(from previous: ScreenBuffer?, to next: ScreenBuffer) -> [UInt8] {
        let w = next.width, h = next.height
        let prev: ScreenBuffer? = (previous.map { $0.width == w && $0.height == h } ?? false) ? previous : nil
        var frame = FrameWriter(links: options.hyperlinks ? next.links : [])
        frame.out.bytes.reserveCapacity(prev == nil ? w * h + 64 : 256)
        if options.synchronizedOutput { frame.out.append("\u{1B}[?2026h") }
        if prev == nil {
            frame.out.append("\u{1B}[0m\u{1B}[2J")
            // End whatever link the terminal had open (only for a frame with links: a frame
            // without any sends no OSC 8 byte).
            if !frame.links.isEmpty { frame.out.append(FrameWriter.closeLink) }
            frame.style = .plain
        }
        // Link indices of `next` translated into `prev`'s table (nil: the same table).
        let linkMap = options.hyperlinks ? prev.flatMap { next.linkMap(onto: $0) } : nil
        next.cells.withUnsafeBufferPointer { nextCells in
        (prev?.cells ?? []).withUnsafeBufferPointer { prevBuffer in
        let prevCells: UnsafeBufferPointer<Cell>? = prev == nil ? nil : prevBuffer
        for r in 0..<h {
            let base = r * w
            var c = 0
            while c < w {
                let cell = nextCells[base + c]
                var span = Int(cell.width)
                if span == 0 {
                    // A continuation is drawn with its leading cell; an orphan (cannot happen
                    // through ScreenBuffer's API) is drawn as a blank.
                    if c > 0 && nextCells[base + c - 1].isWide { c += 1; continue }
                    span = 1
                }
                if span == 2 && c == w - 1 { span = 1 }
                let style = effective(cell.style)
                let dirty: Bool
                if let prevCells {
                    dirty = !same(prevCells[base + c], cell, linkMap)
                        || (span == 2 && !same(prevCells[base + c + 1], nextCells[base + c + 1], linkMap))
                } else {
                    dirty = !(span == 1 && cell.packed == .space && style == .plain
                              && (cell.link == 0 || !options.hyperlinks))
                }
                if dirty {
                    frame.draw(cell, style: style, span: span, row: r, col: c, width: w)
                }
                c += span
            }
        }
        }
        }
        frame.endLink()
        if options.synchronizedOutput { frame.out.append(Self.endSynchronizedUpdate) }
        return frame.out.bytes
    }

    /// The SGR sequence that sets `style` on the terminal's default rendition: its
    /// attributes and colours (`CSI 3m`, `CSI 1;93m`; `CSI 0m` for the plain style), without
    /// the frame's leading reset, so write `CSI 0m` first when another style is in effect.
    /// No colours when `options.colors` is off. For styled text outside a frame, such as
    /// `reader dump --color`.
    public func sgr(for style: CellStyle) -> [UInt8] {
        var out = ByteWriter()
        out.sgr(effective(style), reset: false)
        return out.bytes
    }

    /// The style as it will be shown under the current options.
    @inline(__always)
    func effective(_ style: CellStyle) -> CellStyle {
        options.colors ? style : style.withoutColors
    }

    /// Whether the previous frame's cell `a` and the next frame's cell `b` look the same
    /// under the current options; `linkMap` translates `b`'s link index into `a`'s table
    /// (nil: the same table). Links count only when `options.hyperlinks` is on.
    @inline(__always)
    func same(_ a: Cell, _ b: Cell, _ linkMap: [UInt16]?) -> Bool {
        guard a.width == b.width && a.packed == b.packed else { return false }
        if options.hyperlinks && a.link != (linkMap.map { $0[Int(b.link)] } ?? b.link) { return false }
        return options.colors ? a.style == b.style : a.style.attributes == b.style.attributes
    }
}

/// The state of one frame being written: the bytes, where the cursor is, the SGR state and
/// the hyperlink in effect.
struct FrameWriter {
    var out = ByteWriter()
    /// SGR state in effect; nil = unknown.
    var style: CellStyle? = nil
    /// Cursor position; -1 = unknown.
    var cursorRow = -1, cursorCol = -1
    /// The link open on the terminal (an index into `links`, 0 = none).
    var openLink: UInt16 = 0
    /// The frame's URLs; empty when hyperlinks are off, so no cell opens one.
    let links: [String]

    /// OSC 8 with an empty URI: ends the link in effect.
    static let closeLink: StaticString = "\u{1B}]8;;\u{1B}\\"

    init(links: [String]) { self.links = links }

    /// Moves to `(row, col)`, sets the cell's link and style, and prints its glyph over `span`
    /// columns of a row `width` wide.
    mutating func draw(_ cell: Cell, style cellStyle: CellStyle, span: Int, row r: Int, col c: Int, width w: Int) {
        if cursorRow != r || cursorCol != c {
            endLink()   // a link never spans a cursor movement
            move(row: r, col: c)
        }
        let link = links.isEmpty ? 0 : cell.link
        if link != openLink {
            endLink()
            if link != 0 { beginLink(link) }
        }
        if style != cellStyle {
            out.sgr(cellStyle)
            style = cellStyle
        }
        out.grapheme(cell.packed, width: span)
        cursorRow = r
        cursorCol = c + span
        if cursorCol >= w { cursorRow = -1; cursorCol = -1 }
    }

    /// CUF within the row when the cursor is known to be left of `col`, else CUP.
    mutating func move(row r: Int, col c: Int) {
        if cursorRow == r && cursorCol >= 0 && cursorCol <= c {
            if c > cursorCol { out.csi(c - cursorCol, "C") }
        } else if r == 0 && c == 0 {
            out.append("\u{1B}[H")
        } else {
            out.append("\u{1B}[")
            out.number(r + 1); out.byte(0x3B); out.number(c + 1); out.byte(0x48)
        }
    }

    /// `ESC ] 8 ; ; URL ESC \`. The URL is one of the buffer's, all checked by
    /// `ScreenBuffer.isSafeHyperlink` when stored; the check is repeated here, so an unsafe
    /// byte can never reach the terminal (the cells are then drawn without the link).
    mutating func beginLink(_ link: UInt16) {
        let url = links[Int(link) - 1]
        guard ScreenBuffer.isSafeHyperlink(url) else { return }
        out.append("\u{1B}]8;;")
        out.bytes.append(contentsOf: url.utf8)
        out.append("\u{1B}\\")
        openLink = link
    }

    /// Ends the open link, if any.
    mutating func endLink() {
        if openLink != 0 { out.append(FrameWriter.closeLink); openLink = 0 }
    }
}

/// A growable byte string with helpers for escape sequences.
struct ByteWriter {
    var bytes: [UInt8] = []

    @inline(__always) mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ n: Int) {
        if n >= 10 { number(n / 10) }
        bytes.append(0x30 + UInt8(truncatingIfNeeded: max(0, n) % 10))
    }

    /// `CSI n <final>`, with n omitted when it is 1.
    mutating func csi(_ n: Int, _ final: Unicode.Scalar) {
        append("\u{1B}[")
        if n != 1 { number(n) }
        byte(UInt8(final.value))
    }

    /// A full SGR: reset, then every attribute and colour of `style` (without the reset
    /// when `reset` is false: `CSI 3m`, and `CSI 0m` for the plain style).
    mutating func sgr(_ style: CellStyle, reset: Bool = true) {
        append("\u{1B}[")
        let mark = bytes.count
        if reset || style == .plain { byte(0x30) }  // 0
        let a = style.attributes
        if a.contains(.bold) { append(";1") }
        if a.contains(.dim) { append(";2") }
        if a.contains(.italic) { append(";3") }
        if a.contains(.underline) { append(";4") }
        if a.contains(.reverse) { append(";7") }
        if a.contains(.strikethrough) { append(";9") }
        color(style.foreground, base: 30, brightBase: 90, extended: 38)
        color(style.background, base: 40, brightBase: 100, extended: 48)
        if bytes[mark] == 0x3B { bytes.remove(at: mark) }  // no reset: drop the first separator
        byte(0x6D)  // m
    }

    mutating func color(_ c: Color, base: Int, brightBase: Int, extended: Int) {
        switch c {
        case .default:
            return
        case .ansi(let n0):
            let n = Int(min(n0, 15))
            byte(0x3B); number(n < 8 ? base + n : brightBase + n - 8)
        case .indexed(let n):
            byte(0x3B); number(extended); append(";5;"); number(Int(n))
        case .rgb(let r, let g, let b):
            byte(0x3B); number(extended); append(";2;")
            number(Int(r)); byte(0x3B); number(Int(g)); byte(0x3B); number(Int(b))
        }
    }

    /// Appends a grapheme expected to occupy `width` cells, sanitised: any C0, DEL or C1
    /// control turns the whole cluster into U+FFFD; an empty cluster becomes spaces; bidi
    /// formatting characters (U+061C, U+200E/F, U+202A–E, U+2066–9) are left out, so a
    /// terminal that applies bidi itself can never be made to reorder the screen.
    mutating func grapheme(_ g: PackedGrapheme, width: Int) {
        if g.hasControl {
            bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
            if width == 2 { byte(0x20) }
        } else if g.isEmpty {
            for _ in 0..<width { byte(0x20) }
        } else if !g.isInterned && g.byteCount == 1 {
            bytes.append(UInt8(truncatingIfNeeded: g.lo))  // ASCII fast path
        } else {
            g.withUTF8 { utf8 in
                let start = bytes.count
                var i = 0
                while i < utf8.count {
                    let n = ANSIEncoder.bidiControlLength(utf8, at: i)
                    if n > 0 { i += n; continue }
                    bytes.append(utf8[i])
                    i += 1
                }
                // Only bidi controls: keep the cell's width with spaces.
                if bytes.count == start { for _ in 0..<width { bytes.append(0x20) } }
            }
        }
    }
}

extension ANSIEncoder {
    /// The UTF-8 length of the bidi formatting character at `i` (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), or 0.
    @inline(__always) static func bidiControlLength(_ u: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = u[i]
        if b == 0xD8, i + 1 < u.count, u[i + 1] == 0x9C { return 2 }
        guard b == 0xE2, i + 2 < u.count else { return 0 }
        let b1 = u[i + 1], b2 = u[i + 2]
        if b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (0xAA...0xAE).contains(b2)) { return 3 }
        if b1 == 0x81 && (0xA6...0xA9).contains(b2) { return 3 }
        return 0
    }
}
