/// Turns the bytes a terminal sends into key and mouse events.
///
/// Pure (no I/O, no clock) and incremental: feed bytes as they arrive, in chunks of any
/// size; a sequence split across reads is kept until it completes. Rules:
///
/// * printable ASCII and UTF-8 (multibyte, validated; invalid bytes and C1 controls are
///   dropped) → `.character`;
/// * CR and LF → `.enter`, HT → `.tab`, DEL and BS → `.backspace`, NUL → Ctrl-Space,
///   0x01–0x1A → Ctrl-a…z, 0x1C–0x1F → Ctrl-\ ] ^ _;
/// * `ESC [` (CSI) and `ESC O` (SS3) sequences: arrows, Home/End, Insert/Delete,
///   PgUp/PgDn, F1–F20 (`CSI n~`, `SS3 P…S`, `CSI 1;m P…S`, Linux console `CSI [A…E`),
///   Shift-Tab (`CSI Z`), xterm modifiers (`CSI 1;5A` = Ctrl-Up), `CSI 27;m;code~` and
///   `CSI code;m u` (modifyOtherKeys / fixterms);
/// * SGR mouse (`CSI <b;x;yM` / `…m`): wheel up/down/left/right, press, release, drag;
///   legacy X10 mouse (`CSI M` + 3 bytes) is consumed so its bytes never leak as keys;
/// * bracketed paste (`CSI 200~` … `CSI 201~`): the pasted bytes are discarded;
/// * `ESC` + key → that key with `.alt`;
/// * a lone `ESC` stays pending: the caller calls `flush()` when no byte followed within
///   `escapeTimeoutMilliseconds`, and gets `.escape`;
/// * unknown or malformed sequences are dropped; every step consumes at least one byte,
///   so any input terminates, and pending data is bounded.
public struct KeyDecoder: Sendable {
    /// How long to wait after a lone ESC before deciding it is the Escape key.
    public static let escapeTimeoutMilliseconds = 25
    /// Longest control sequence accepted; longer ones are discarded as garbage.
    static let maxSequenceLength = 64
    /// Safety cap on discarded bracketed-paste content if the end marker never comes.
    static let maxPasteLength = 1 << 20

    private var buffer: [UInt8] = []
    private var inPaste = false
    private var pasteDiscarded = 0

    /// Creates a decoder with nothing pending.
    public init() {}

    /// True if bytes of an incomplete sequence (typically a lone ESC) are held back.
    /// The caller should call `flush()` if no more input arrives within
    /// `escapeTimeoutMilliseconds`.
    /// (Inside a bracketed paste this is false: paste content needs no timeout.)
    public var hasPendingInput: Bool { !inPaste && !buffer.isEmpty }

    /// True while inside a bracketed paste (its content is being discarded).
    public var isInPaste: Bool { inPaste }

    /// Decodes `bytes` (appended to anything pending) and returns the complete events.
    public mutating func feed<C: Collection>(_ bytes: C) -> [InputEvent] where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        return run(final: false)
    }

    /// Resolves pending bytes as if no more input will follow them: a lone ESC becomes
    /// `.escape`, `ESC [` / `ESC O` become Alt-[ / Alt-O, other partial sequences and
    /// partial UTF-8 are dropped. A bracketed paste in progress stays in progress.
    public mutating func flush() -> [InputEvent] {
        run(final: true)
    }

    /// Forgets pending bytes and paste state.
    public mutating func reset() {
        buffer.removeAll()
        inPaste = false
        pasteDiscarded = 0
    }

    // MARK: - Decoding

    /// The outcome of decoding at one position.
    private enum Step {
        /// An event, consuming `count` bytes.
        case event(InputEvent, Int)
        /// Nothing to report, consuming `count` (≥ 1) bytes.
        case skip(Int)
        /// More bytes are needed.
        case incomplete
    }

    private mutating func run(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var p = 0
        let end = buffer.count
        while p < end {
            if inPaste {
                p = skipPaste(from: p)
                if inPaste { break }
                continue
            }
            switch step(at: p, end: end) {
            case .event(let e, let n):
                events.append(e); p += n
            case .skip(let n):
                p += n
            case .incomplete:
                if end - p > KeyDecoder.maxSequenceLength {
                    p = end  // an over-long unfinished sequence: garbage, drop it all
                } else if final {
                    let (e, n) = resolveIncomplete(at: p, end: end)
                    if let e { events.append(e) }
                    p += n
                } else {
                    buffer.removeFirst(p)
                    return events
                }
            }
        }
        buffer.removeFirst(p)
        return events
    }

    /// Consumes paste content up to and including `CSI 201~`; returns the new position.
    private mutating func skipPaste(from p: Int) -> Int {
        let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        let end = buffer.count
        var i = p
        while i < end {
            if buffer[i] == 0x1B {
                var k = 0
                while k < marker.count, i + k < end, buffer[i + k] == marker[k] { k += 1 }
                if k == marker.count { inPaste = false; pasteDiscarded = 0; return i + k }
                if i + k == end { break }  // a prefix of the marker at the end: wait
            }
            i += 1
        }
        pasteDiscarded += i - p
        if pasteDiscarded > KeyDecoder.maxPasteLength { inPaste = false; pasteDiscarded = 0 }
        // Keep only the possible marker prefix.
        return i
    }

    private func key(_ k: Key, _ m: KeyModifiers = [], _ n: Int) -> Step {
        .event(.key(KeyEvent(k, modifiers: m)), n)
    }

    /// Decodes one event (or skip) starting at `p`.
    private mutating func step(at p: Int, end: Int) -> Step {
        let b = buffer[p]
        if b == 0x1B { return escape(at: p, end: end) }
        return plain(at: p, end: end)
    }

    /// A control byte, ASCII character or UTF-8 sequence at `p` (not ESC).
    private func plain(at p: Int, end: Int) -> Step {
        let b = buffer[p]
        switch b {
        case 0x00: return key(.character(" "), .control, 1)
        case 0x08, 0x7F: return key(.backspace, [], 1)
        case 0x09: return key(.tab, [], 1)
        case 0x0A, 0x0D: return key(.enter, [], 1)
        case 0x01...0x1A: return key(.character(Character(Unicode.Scalar(b + 0x60))), .control, 1)
        case 0x1C: return key(.character("\\"), .control, 1)
        case 0x1D: return key(.character("]"), .control, 1)
        case 0x1E: return key(.character("^"), .control, 1)
        case 0x1F: return key(.character("_"), .control, 1)
        case 0x20...0x7E: return key(.character(Character(Unicode.Scalar(b))), [], 1)
        default: return utf8(at: p, end: end)
        }
    }

    /// A multibyte UTF-8 scalar at `p` (lead byte ≥ 0x80), validated per RFC 3629.
    private func utf8(at p: Int, end: Int) -> Step {
        let b0 = buffer[p]
        let length: Int
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF  // allowed range of the second byte
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; hi = 0x9F       // no surrogates
        case 0xF0: length = 4; lo = 0x90       // no overlongs
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; hi = 0x8F       // ≤ U+10FFFF
        default: return .skip(1)               // continuation or invalid lead byte
        }
        var value = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard p + k < end else { return .incomplete }
            let c = buffer[p + k]
            let (l, h) = k == 1 ? (lo, hi) : (UInt8(0x80), UInt8(0xBF))
            guard c >= l && c <= h else { return .skip(1) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else { return .skip(length) }
        return key(.character(Character(scalar)), [], length)
    }

    /// Anything starting with ESC at `p`.
    private mutating func escape(at p: Int, end: Int) -> Step {
        guard p + 1 < end else { return .incomplete }
        let b1 = buffer[p + 1]
        switch b1 {
        case 0x5B:  // [
            return csi(at: p, end: end)
        case 0x4F:  // O
            guard p + 2 < end else { return .incomplete }
            let f = buffer[p + 2]
            let k: Key?
            switch f {
            case 0x41: k = .up
            case 0x42: k = .down
            case 0x43: k = .right
            case 0x44: k = .left
            case 0x48: k = .home
            case 0x46: k = .end
            case 0x50: k = .function(1)
            case 0x51: k = .function(2)
            case 0x52: k = .function(3)
            case 0x53: k = .function(4)
            case 0x4D: k = .enter  // keypad Enter in application mode
            default: k = nil
            }
            if let k { return key(k, [], 3) }
            if (0x40...0x7E).contains(f) { return .skip(3) }      // unknown SS3 key
            return key(.character("O"), .alt, 2)                   // Alt-O, then f on its own
        case 0x1B:
            return key(.escape, [], 1)                             // ESC ESC: first is Escape
        default:
            switch plain(at: p + 1, end: end) {
            case .event(.key(var e), let n):
                e.modifiers.insert(.alt)
                return .event(.key(e), n + 1)
            case .incomplete:
                return .incomplete
            default:
                return key(.escape, [], 1)
            }
        }
    }

    /// `ESC [` … at `p`.
    private mutating func csi(at p: Int, end: Int) -> Step {
        var q = p + 2
        guard q < end else { return .incomplete }
        // Linux console function keys: ESC [ [ A…E.
        if buffer[q] == 0x5B {
            guard q + 1 < end else { return .incomplete }
            let f = buffer[q + 1]
            if (0x41...0x45).contains(f) { return key(.function(Int(f - 0x40)), [], 4) }
            return .skip(3)
        }
        // Legacy X10 mouse: ESC [ M b x y (three raw bytes follow).
        if buffer[q] == 0x4D {
            guard q + 3 < end else { return .incomplete }
            let cb = Int(buffer[q + 1]) - 32, x = Int(buffer[q + 2]) - 33, y = Int(buffer[q + 3]) - 33
            if let m = mouse(cb, x, y, release: false) { return .event(.mouse(m), 6) }
            return .skip(6)
        }
        let paramStart = q
        while q < end, (0x30...0x3F).contains(buffer[q]) { q += 1 }
        let paramEnd = q
        while q < end, (0x20...0x2F).contains(buffer[q]) { q += 1 }
        guard q < end else { return .incomplete }
        let f = buffer[q]
        guard (0x40...0x7E).contains(f) else {
            return .skip(q - p)  // malformed: drop what we have, reprocess the odd byte
        }
        let n = q + 1 - p
        if q > paramEnd { return .skip(n) }  // intermediates: nothing we know

        var marker: UInt8 = 0
        var ps = paramStart
        if ps < paramEnd, (0x3C...0x3F).contains(buffer[ps]) { marker = buffer[ps]; ps += 1 }
        let params = parseParams(ps, paramEnd)
        func param(_ i: Int, _ d: Int) -> Int { i < params.count && params[i] > 0 ? params[i] : d }

        if marker == 0x3C {  // '<': SGR mouse
            guard f == 0x4D || f == 0x6D, params.count >= 3 else { return .skip(n) }
            if let m = mouse(params[0], params[1] - 1, params[2] - 1, release: f == 0x6D) {
                return .event(.mouse(m), n)
            }
            return .skip(n)
        }
        guard marker == 0 else { return .skip(n) }
        let mods = KeyModifiers(xtermParameter: param(1, 1))
        switch f {
        case 0x41: return key(.up, mods, n)
        case 0x42: return key(.down, mods, n)
        case 0x43: return key(.right, mods, n)
        case 0x44: return key(.left, mods, n)
        case 0x48: return key(.home, mods, n)
        case 0x46: return key(.end, mods, n)
        case 0x5A: return key(.tab, mods.union(.shift), n)
        case 0x50...0x53:
            // F1–F4 as `CSI 1;m P…S`. A first parameter other than 1 is something else:
            // `CSI row;col R` is a cursor position report (never requested by us).
            guard param(0, 1) == 1 else { return .skip(n) }
            return key(.function(Int(f) - 0x4F), mods, n)
        case 0x75:  // u: CSI code;mods u
            return codeKey(param(0, 0), KeyModifiers(xtermParameter: param(1, 1)), n)
        case 0x7E:  // ~
            let k: Key
            switch param(0, 0) {
            case 1, 7: k = .home
            case 2: k = .insert
            case 3: k = .delete
            case 4, 8: k = .end
            case 5: k = .pageUp
            case 6: k = .pageDown
            case 11...15: k = .function(param(0, 0) - 10)
            case 17...21: k = .function(param(0, 0) - 11)
            case 23...26: k = .function(param(0, 0) - 12)
            case 28, 29: k = .function(param(0, 0) - 13)
            case 31...34: k = .function(param(0, 0) - 14)
            case 27:  // modifyOtherKeys: CSI 27;mods;code~
                return codeKey(param(2, 0), KeyModifiers(xtermParameter: param(1, 1)), n)
            case 200:
                inPaste = true
                pasteDiscarded = 0
                return .skip(n)
            default:
                return .skip(n)
            }
            return key(k, mods, n)
        default:
            return .skip(n)  // focus reports, cursor position reports, …
        }
    }

    /// A key given by its Unicode code point (modifyOtherKeys, fixterms).
    private func codeKey(_ code: Int, _ mods: KeyModifiers, _ n: Int) -> Step {
        switch code {
        case 13: return key(.enter, mods, n)
        case 9: return key(.tab, mods, n)
        case 27: return key(.escape, mods, n)
        case 8, 127: return key(.backspace, mods, n)
        case 0x20...0x7E, 0xA0...0x10FFFF:
            guard let s = Unicode.Scalar(UInt32(code)) else { return .skip(n) }
            return key(.character(Character(s)), mods, n)
        default: return .skip(n)
        }
    }

    /// Parses `;`-separated decimal parameters in `buffer[from..<to]`; sub-parameters after
    /// `:` are ignored; values are capped to avoid overflow.
    private func parseParams(_ from: Int, _ to: Int) -> [Int] {
        var result: [Int] = []
        var value = 0, inSub = false
        var i = from
        while i < to {
            let c = buffer[i]
            if c == 0x3B { result.append(value); value = 0; inSub = false }
            else if c == 0x3A { inSub = true }
            else if !inSub, (0x30...0x39).contains(c) { value = min(value * 10 + Int(c - 0x30), 99_999) }
            i += 1
        }
        result.append(value)
        return result
    }

    /// Decodes an xterm mouse button byte (`cb`) with zero-based coordinates.
    private func mouse(_ cb: Int, _ x: Int, _ y: Int, release: Bool) -> MouseEvent? {
        guard cb >= 0, x >= 0, y >= 0 else { return nil }
        var mods: KeyModifiers = []
        if cb & 4 != 0 { mods.insert(.shift) }
        if cb & 8 != 0 { mods.insert(.alt) }
        if cb & 16 != 0 { mods.insert(.control) }
        let low = cb & 3
        let kind: MouseEvent.Kind
        if cb & 128 != 0 {
            return nil  // buttons 8–11: not used
        } else if cb & 64 != 0 {
            switch low {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            case 2: kind = .wheelLeft
            default: kind = .wheelRight
            }
        } else {
            let button: MouseEvent.Button = [.left, .middle, .right, .none][low]
            if cb & 32 != 0 { kind = .drag(button) }
            else if release || low == 3 { kind = .release(button) }
            else { kind = .press(button) }
        }
        return MouseEvent(kind, column: x, row: y, modifiers: mods)
    }

    /// Interprets an incomplete sequence at `p` when no more bytes will come.
    private func resolveIncomplete(at p: Int, end: Int) -> (InputEvent?, Int) {
        if buffer[p] == 0x1B {
            if end - p == 1 { return (.key(KeyEvent(.escape)), 1) }
            let b1 = buffer[p + 1]
            if end - p == 2 && (b1 == 0x5B || b1 == 0x4F) {
                return (.key(KeyEvent(.character(Character(Unicode.Scalar(b1))), modifiers: .alt)), 2)
            }
            if b1 == 0x5B || b1 == 0x4F { return (nil, end - p) }  // partial sequence: drop
            return (.key(KeyEvent(.escape)), 1)                     // ESC + partial UTF-8
        }
        return (nil, 1)  // partial UTF-8: drop the lead byte, the rest drops on its own
    }
}
