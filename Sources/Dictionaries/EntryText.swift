/// Makes a dictionary entry's bytes safe to show in a terminal: UTF-8 decoded (invalid bytes
/// become U+FFFD), CRLF and lone CR made LF, a tab four spaces, every other C0 control, DEL
/// and C1 control removed, and escape sequences (ESC and C1 CSI/OSC/DCS/APC/PM/SOS with their
/// parameters and strings) removed whole; spaces at line ends and blank lines at the ends
/// dropped, runs of blank lines kept to one.
public enum EntryText {
    /// The safe text of `bytes`.
    public static func clean(_ bytes: [UInt8]) -> String {
        clean(String(decoding: bytes, as: UTF8.self))
    }

    /// The safe text of `text`.
    public static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var it = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let s = pending ?? it.next() {
            pending = nil
            switch s.value {
            case 0x0D:
                scalars.append("\n")
                if let next = it.next(), next != "\n" { pending = next }
            case 0x0A: scalars.append(s)
            case 0x09: scalars.append(contentsOf: "    ".unicodeScalars)
            case 0x1B: pending = skipEscape(&it)
            case 0x9B: pending = skipControlSequence(&it)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: pending = skipControlString(&it)
            case 0x00..<0x20, 0x7F, 0x80...0x9F: continue
            default: scalars.append(s)
            }
        }
        return tidyLines(String(scalars))
    }

    /// After ESC: skips the sequence; returns the first scalar after it that was read ahead.
    private static func skipEscape(_ it: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let next = it.next() else { return nil }
        switch next {
        case "[": return skipControlSequence(&it)
        case "]", "P", "X", "^", "_": return skipControlString(&it)
        case " "..."/":   // intermediates, then one final byte
            while let s = it.next() { if !(0x20...0x2F).contains(s.value) { return s.value < 0x20 ? s : nil } }
            return nil
        default:
            return next.value < 0x20 || next.value == 0x7F ? next : nil   // ESC + one character (ESC c, ESC 7…)
        }
    }

    /// A CSI's parameters and intermediates up to its final byte (0x40–0x7E).
    private static func skipControlSequence(_ it: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let s = it.next() {
            if (0x40...0x7E).contains(s.value) { return nil }
            if !(0x20...0x3F).contains(s.value) { return s }   // not part of a CSI: keep it
        }
        return nil
    }

    /// A control string (OSC, DCS, …) up to BEL, ST (ESC \ or U+009C) or a line end.
    private static func skipControlString(_ it: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let s = it.next() {
            switch s.value {
            case 0x07, 0x9C: return nil
            case 0x1B:
                guard let next = it.next() else { return nil }
                if next == "\\" { return nil }
            case 0x0A, 0x0D: return s
            default: continue
            }
        }
        return nil
    }

    /// Trailing spaces off each line, at most one blank line in a row, none at the ends.
    private static func tidyLines(_ text: String) -> String {
        var lines: [Substring] = []
        var blank = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var l = line
            while let last = l.last, last == " " { l.removeLast() }
            if l.isEmpty {
                if !lines.isEmpty { blank = true }
                continue
            }
            if blank { lines.append("") }
            blank = false
            lines.append(l)
        }
        return lines.joined(separator: "\n")
    }
}
