@testable import Screen

/// A tiny terminal emulator for tests: interprets CUP, CUF, SGR, ED 2 (clear), the
/// synchronized-output private mode, OSC 8 hyperlinks (terminated by `ESC \`) and
/// printable text into a grid of cells and their links.
///
/// It is deliberately strict: anything else (other controls, unknown sequences, printing
/// while a wrap is pending, printing past the right edge, moving the cursor while a link
/// is open, a link still open at the end of a `feed`) is recorded in `errors`.
struct TestTerminal {
    var width: Int
    var height: Int
    var grid: [Cell]
    /// The URL each cell was printed with (nil: no link).
    var links: [String?]
    /// The link in effect (set by OSC 8).
    var link: String? = nil
    var row = 0
    var col = 0
    var pendingWrap = false
    var style = CellStyle.plain
    var errors: [String] = []
    /// Cell width of a printed grapheme cluster.
    var widthOf: (Character) -> Int

    init(width: Int, height: Int, widthOf: @escaping (Character) -> Int) {
        self.width = width
        self.height = height
        self.grid = Array(repeating: .blank(), count: width * height)
        self.links = Array(repeating: nil, count: width * height)
        self.widthOf = widthOf
    }

    subscript(r: Int, c: Int) -> Cell { grid[r * width + c] }

    mutating func feed(_ bytes: [UInt8]) {
        // Reject raw C1 bytes or invalid UTF-8 up front.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            errors.append("invalid UTF-8"); return
        }
        var scalars = Array(text.unicodeScalars)[...]
        var run = String.UnicodeScalarView()
        func flush(_ t: inout TestTerminal, _ run: inout String.UnicodeScalarView) {
            for ch in String(run) { t.print(ch) }
            run = String.UnicodeScalarView()
        }
        while let s = scalars.first {
            scalars = scalars.dropFirst()
            if s == "\u{1B}" {
                flush(&self, &run)
                if scalars.first == "]" { osc(&scalars); continue }
                guard scalars.first == "[" else { errors.append("ESC not followed by ["); continue }
                scalars = scalars.dropFirst()
                var params = ""
                var final: Unicode.Scalar? = nil
                while let p = scalars.first {
                    scalars = scalars.dropFirst()
                    if (0x30...0x3F).contains(p.value) { params.unicodeScalars.append(p) } else { final = p; break }
                }
                guard let final else { errors.append("unterminated CSI"); break }
                csi(params, final)
            } else if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) {
                flush(&self, &run)
                errors.append("control U+\(String(s.value, radix: 16))")
            } else {
                run.append(s)
            }
        }
        flush(&self, &run)
        if link != nil { errors.append("link left open at the end of the frame") }
    }

    /// `ESC ] 8 ; params ; URI ESC \` (after the ESC); anything else is an error.
    mutating func osc(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        scalars = scalars.dropFirst()
        var body = String.UnicodeScalarView()
        while let p = scalars.first, p != "\u{1B}" {
            scalars = scalars.dropFirst()
            if p.value < 0x20 || p.value >= 0x7F { errors.append("byte U+\(String(p.value, radix: 16)) in OSC") }
            body.append(p)
        }
        guard scalars.count >= 2, scalars.dropFirst().first == "\\" else { errors.append("unterminated OSC"); return }
        scalars = scalars.dropFirst(2)
        let text = String(body)
        guard text.hasPrefix("8;") else { errors.append("OSC \(text)"); return }
        let rest = text.dropFirst(2)
        guard let semicolon = rest.firstIndex(of: ";") else { errors.append("bad OSC 8 \(text)"); return }
        let uri = String(rest[rest.index(after: semicolon)...])
        link = uri.isEmpty ? nil : uri
    }

    mutating func csi(_ params: String, _ final: Unicode.Scalar) {
        let nums = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        if link != nil && (final == "H" || final == "C") { errors.append("cursor moved with a link open") }
        switch final {
        case "H":
            let r = (nums.count > 0 && nums[0] > 0) ? nums[0] : 1
            let c = (nums.count > 1 && nums[1] > 0) ? nums[1] : 1
            row = min(r, height) - 1; col = min(c, width) - 1; pendingWrap = false
        case "C":
            let n = (nums.first ?? 1) == 0 ? 1 : (nums.first ?? 1)
            col = min(width - 1, col + n); pendingWrap = false
        case "J":
            if params == "2" {
                grid = Array(repeating: .blank(CellStyle(background: style.background)), count: width * height)
                links = Array(repeating: nil, count: width * height)
            } else { errors.append("ED \(params)") }
        case "h", "l":
            if params != "?2026" { errors.append("mode \(params)") }
        case "m":
            sgr(nums.isEmpty ? [0] : nums)
        default:
            errors.append("CSI \(params)\(final)")
        }
    }

    mutating func sgr(_ p: [Int]) {
        var i = 0
        func color(_ i: inout Int) -> Color? {
            guard i + 1 < p.count else { errors.append("bad extended colour"); return nil }
            if p[i + 1] == 5, i + 2 < p.count { defer { i += 2 }; return .indexed(UInt8(p[i + 2])) }
            if p[i + 1] == 2, i + 4 < p.count {
                defer { i += 4 }
                return .rgb(UInt8(p[i + 2]), UInt8(p[i + 3]), UInt8(p[i + 4]))
            }
            errors.append("bad extended colour"); return nil
        }
        while i < p.count {
            let v = p[i]
            switch v {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .ansi(UInt8(v - 30))
            case 90...97: style.foreground = .ansi(UInt8(v - 90 + 8))
            case 39: style.foreground = .default
            case 40...47: style.background = .ansi(UInt8(v - 40))
            case 100...107: style.background = .ansi(UInt8(v - 100 + 8))
            case 49: style.background = .default
            case 38: if let c = color(&i) { style.foreground = c }
            case 48: if let c = color(&i) { style.background = c }
            default: errors.append("SGR \(v)")
            }
            i += 1
        }
    }

    mutating func print(_ ch: Character) {
        let w = widthOf(ch)
        if pendingWrap { errors.append("printed while wrap pending (relies on auto-wrap)"); return }
        guard w >= 1, col + w <= width else { errors.append("glyph \(ch) does not fit at col \(col)"); return }
        let base = row * width
        for c in col..<(col + w) {
            if grid[base + c].isContinuation && c - 1 < col && c > 0 {
                grid[base + c - 1] = .blank(); links[base + c - 1] = nil
            }
            if grid[base + c].isWide && c + 1 >= col + w && c + 1 < width {
                grid[base + c + 1] = .blank(); links[base + c + 1] = nil
            }
        }
        grid[base + col] = Cell(String(ch), width: UInt8(w), style: style)
        links[base + col] = link
        if w == 2 { grid[base + col + 1] = .continuation(style: style); links[base + col + 1] = link }
        col += w
        if col >= width { col = width - 1; pendingWrap = true }
    }
}
