/// Removes everything from book text that could drive a terminal.
///
/// Dropped: C0 controls except TAB and LF, CR, DEL, C1 controls (U+0080…U+009F), and whole
/// escape sequences (ESC followed by a CSI, OSC, DCS, SOS, PM or APC string, or by one
/// character). Input must be valid UTF-8; the output is valid UTF-8.
public enum TextSanitizer {
    /// Whether a single byte is a control that never enters `TextContent`.
    @inlinable public static func isForbiddenByte(_ b: UInt8) -> Bool {
        (b < 0x20 && b != 0x09 && b != 0x0A) || b == 0x7F
    }

    /// Whether the UTF-8 bytes need sanitising at all (fast check).
    @inlinable public static func isClean<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var previousWasC2 = false
        for b in bytes {
            if isForbiddenByte(b) { return false }
            if previousWasC2 && b >= 0x80 && b <= 0x9F { return false }
            previousWasC2 = (b == 0xC2)
        }
        return true
    }

    /// Appends the sanitised form of `input` (valid UTF-8) to `output`.
    public static func append<C: Collection>(_ input: C, to output: inout [UInt8]) where C.Element == UInt8 {
        if isClean(input) { output.append(contentsOf: input); return }
        let bytes = Array(input)
        var i = 0
        let n = bytes.count
        while i < n {
            if let end = escapeSequenceEnd(in: bytes, at: i) {  // drop the whole sequence
                i = end
                continue
            }
            let b = bytes[i]
            if isForbiddenByte(b) { i += 1; continue }
            output.append(b)
            i += 1
        }
    }

    /// Returns the sanitised form of a string.
    public static func sanitize(_ s: String) -> String {
        var out: [UInt8] = []
        append(Array(s.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `scalar` is a bidi formatting character: the embeddings, overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069) and the marks LRM, RLM, ALM (U+200E, U+200F,
    /// U+061C). Legitimate in body text (the bidi algorithm consumes them), but in a label
    /// shown in the UI they could reorder the status line on a terminal that applies bidi.
    @inlinable public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Sanitises a one-line label shown in the UI (title, author, chapter and TOC titles):
    /// `sanitize`, then bidi formatting characters (`isBidiControl`) removed, and TAB and
    /// LF turned into spaces.
    public static func sanitizeLabel(_ s: String) -> String {
        let clean = sanitize(s)
        guard clean.unicodeScalars.contains(where: { isBidiControl($0) || $0 == "\t" || $0 == "\n" }) else { return clean }
        var out = String.UnicodeScalarView()
        for u in clean.unicodeScalars where !isBidiControl(u) {
            out.append(u == "\t" || u == "\n" ? " " : u)
        }
        return String(out)
    }

    /// If an escape sequence starts at `start` — ESC (0x1B) or a C1 control (U+0080…U+009F,
    /// bytes C2 80…C2 9F) — the offset just past it, else nil. The sequence is: ESC `[`
    /// or C1 CSI and its parameters and final byte; ESC `]` `P` `X` `^` `_` or C1
    /// OSC/DCS/SOS/PM/APC and their string up to BEL, ESC `\` or ST (bounded to 4 KiB: an
    /// unterminated one drops only its introducer); ESC and one printable ASCII
    /// character; a lone ESC or other C1 control alone. With `stopAt`, strings also end
    /// before that byte (the EPUB pre-pass never swallows markup after a stray OSC).
    /// Shared by the sanitiser and `EPUBPackage`'s blanking of escapes in raw markup.
    public static func escapeSequenceEnd(in bytes: [UInt8], at start: Int, stopAt: UInt8? = nil) -> Int? {
        let n = bytes.count
        guard start < n else { return nil }
        if bytes[start] == 0x1B {
            let next = start + 1
            guard next < n else { return next }
            switch bytes[next] {
            case UInt8(ascii: "["): return csiEnd(bytes, from: next + 1)
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                return stringEnd(bytes, from: next + 1, stopAt: stopAt)
            case 0x20..<0x7F: return next + 1  // two-byte sequence ESC x
            default: return next  // drop ESC alone
            }
        }
        guard bytes[start] == 0xC2, start + 1 < n, (0x80...0x9F).contains(bytes[start + 1]) else { return nil }
        // C1 CSI (U+009B), OSC (U+009D), DCS (U+0090), SOS/PM/APC: their payload goes too.
        switch bytes[start + 1] {
        case 0x9B: return csiEnd(bytes, from: start + 2)
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return stringEnd(bytes, from: start + 2, stopAt: stopAt)
        default: return start + 2
        }
    }

    /// CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
    private static func csiEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count && (0x20...0x3F).contains(bytes[i]) { i += 1 }
        if i < bytes.count && (0x40...0x7E).contains(bytes[i]) { i += 1 }
        return i
    }

    /// OSC/DCS/SOS/PM/APC: up to BEL, ESC \ or ST (U+009C), or before `stopAt`, bounded to
    /// 4 KiB so a stray introducer cannot swallow a book.
    private static func stringEnd(_ bytes: [UInt8], from start: Int, stopAt: UInt8?) -> Int {
        var i = start
        let limit = min(bytes.count, start + 4096)
        while i < limit {
            let b = bytes[i]
            if b == 0x07 { return i + 1 }
            if b == 0x1B { return (i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\\")) ? i + 2 : i + 1 }
            if b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] == 0x9C { return i + 2 }
            if b == stopAt { return i }
            i += 1
        }
        return i == bytes.count ? i : start  // unterminated within the bound: drop only the introducer
    }
}
