import Support

/// Resolution of hrefs found in EPUB documents to entry paths inside the container.
///
/// An href is percent-decoded, split from its `#fragment`, and resolved against the
/// directory of the document that contains it. `.` and `..` components are resolved as
/// URLs resolve them (RFC 3986 §5.2.4): a `..` above the container's root stays at the
/// root (`../../images/a.jpg` from `ch1.xhtml` is `images/a.jpg`), so the result is always
/// an entry name inside the book — never a path outside it (zip entries whose own names
/// climb out are refused by `ZipArchive`). Hrefs with a URL scheme (`http:`, `mailto:`…)
/// are external.
enum EPUBPath {
    /// The directory part of an entry path, with a trailing `/` ("" for the root).
    static func directory(of entry: String) -> String {
        guard let slash = entry.lastIndex(of: "/") else { return "" }
        return String(entry[...slash])
    }

    /// Whether an href names something outside the book (has a URL scheme).
    static func isExternal(_ href: String) -> Bool {
        var sawLetter = false
        for u in href.utf8 {
            switch u {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if !sawLetter { return false }
            case UInt8(ascii: ":"):
                return sawLetter
            default:
                return false
            }
        }
        return false
    }

    /// The href, trimmed, when it is a link out of the book that can be shown: scheme
    /// http, https or mailto (any case). Other schemes (javascript:, file:, data:) and
    /// hrefs longer than 8 KiB give nil.
    static func externalURL(_ href: String) -> String? {
        let h = href.trimmingSpaces()
        guard h.utf8.count <= 8192, isExternal(h), let colon = h.firstIndex(of: ":") else { return nil }
        switch h[..<colon].lowercased() {
        case "http", "https", "mailto": return h
        default: return nil
        }
    }

    /// Whether an entry's file name says it holds notes (`notes.html`, `endnotes.xhtml`,
    /// `Footnotes01.htm`…, any case): an EPUB 2 book's plain links into it are note
    /// references.
    static func namesNotes(_ entry: String) -> Bool {
        let name = (entry.lastIndex(of: "/").map { entry[entry.index(after: $0)...] } ?? entry[...]).lowercased()
        let base = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
        return base.containsBytes("notes") || base.containsBytes("footnote") || base.containsBytes("endnote") || base == "note"
    }

    /// The result of resolving an href.
    struct Resolved: Equatable {
        /// Entry path inside the container (percent-decoded).
        var path: String
        /// Decoded fragment without `#`, or nil.
        var fragment: String?
        /// `path#fragment`, or `path` when there is no fragment: the target key.
        var key: String { fragment.map { "\(path)#\($0)" } ?? path }
    }

    /// Resolves `href` found in the entry `base` (an entry path, e.g. `OEBPS/text/ch1.xhtml`).
    /// Returns nil for external hrefs and hrefs that name the root itself (`/`, `../`).
    /// An href of only `#frag` points into `base` itself.
    static func resolve(_ href: String, relativeTo base: String) -> Resolved? {
        var h = Array(href.utf8)
        // Trim ASCII whitespace.
        while let last = h.last, isSpace(last) { h.removeLast() }
        var lo = 0
        while lo < h.count && isSpace(h[lo]) { lo += 1 }
        if lo > 0 { h.removeFirst(lo) }
        if isExternal(h) { return nil }
        var fragment: String?
        if let hash = h.firstIndex(of: UInt8(ascii: "#")) {
            let f = percentDecode(h[(hash + 1)...])
            fragment = f.isEmpty ? nil : f
            h.removeSubrange(hash...)
        }
        if let q = h.firstIndex(of: UInt8(ascii: "?")) { h.removeSubrange(q...) }
        if h.isEmpty { return Resolved(path: base, fragment: fragment) }
        let decoded = percentDecodeBytes(h[...])
        var parts: [ArraySlice<UInt8>] = []
        if decoded.first != UInt8(ascii: "/") {
            // The directory of `base`.
            let b = Array(base.utf8)
            if let slash = b.lastIndex(of: UInt8(ascii: "/")) {
                for c in b[..<slash].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) where !(c.count == 1 && c.first == UInt8(ascii: ".")) {
                    if c.count == 2 && c.first == UInt8(ascii: ".") && c.last == UInt8(ascii: ".") {
                        if !parts.isEmpty { parts.removeLast() }
                    } else {
                        parts.append(c)
                    }
                }
            }
        }
        for c in decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if c.count == 1 && c.first == UInt8(ascii: ".") { continue }
            if c.count == 2 && c.first == UInt8(ascii: ".") && c.last == UInt8(ascii: ".") {
                // RFC 3986 §5.2.4: a ".." at the root stays at the root.
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(c)
        }
        if parts.isEmpty { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(decoded.count + base.utf8.count)
        for (i, c) in parts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: "/")) }
            out.append(contentsOf: c)
        }
        return Resolved(path: String(decoding: out, as: UTF8.self), fragment: fragment)
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    private static func isExternal(_ h: [UInt8]) -> Bool {
        var sawLetter = false
        for u in h {
            switch u {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if !sawLetter { return false }
            case UInt8(ascii: ":"): return sawLetter
            default: return false
            }
        }
        return false
    }

    /// Joins `relative` to `directory` and resolves `.`/`..`; nil when it escapes the root.
    static func normalize(_ relative: String, relativeTo directory: String) -> String? {
        resolve(relative.hasPrefix("/") ? relative : directory + relative, relativeTo: "")?.path
    }

    /// Decodes `%XX` escapes into bytes; a result that is not valid UTF-8 keeps the
    /// undecoded bytes.
    private static func percentDecodeBytes(_ s: ArraySlice<UInt8>) -> [UInt8] {
        guard s.contains(UInt8(ascii: "%")) else { return Array(s) }
        let decoded = Array(percentDecode(s).utf8)
        return decoded
    }

    /// Decodes `%XX` escapes. Invalid escapes are kept; a result that is not valid UTF-8
    /// falls back to the undecoded text.
    static func percentDecode<S: StringProtocol>(_ s: S) -> String {
        percentDecode(Array(s.utf8)[...])
    }

    /// `percentDecode` for UTF-8 bytes.
    static func percentDecode(_ input: ArraySlice<UInt8>) -> String {
        guard input.contains(UInt8(ascii: "%")) else { return String(decoding: input, as: UTF8.self) }
        var out: [UInt8] = []
        let bytes = Array(input)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self) ?? String(decoding: input, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing ASCII whitespace.
    func trimmingSpaces() -> String {
        let u = Array(utf8)
        var lo = 0, hi = u.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        while lo < hi && isSpace(u[lo]) { lo += 1 }
        while hi > lo && isSpace(u[hi - 1]) { hi -= 1 }
        if lo == 0 && hi == u.count { return String(self) }
        return String(decoding: u[lo..<hi], as: UTF8.self)
    }

    /// The string with runs of whitespace collapsed to one space and trimmed.
    func collapsingSpaces() -> String {
        var out: [UInt8] = []
        var pendingSpace = false
        for b in utf8 {
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
