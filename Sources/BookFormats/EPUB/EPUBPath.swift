/// Resolution of hrefs found in EPUB documents to entry paths inside the container.
///
/// An href is percent-decoded, split from its `#fragment`, and resolved against the
/// directory of the document that contains it. `.` and `..` components are resolved
/// inside the container; an href that would climb above the root is rejected (`nil`),
/// never clamped. Hrefs with a URL scheme (`http:`, `mailto:`…) are external.
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
    /// Returns nil for external hrefs and hrefs escaping the container root.
    /// An href of only `#frag` points into `base` itself.
    static func resolve(_ href: String, relativeTo base: String) -> Resolved? {
        let trimmed = href.trimmingSpaces()
        if isExternal(trimmed) { return nil }
        var pathPart = Substring(trimmed)
        var fragment: String?
        if let hash = pathPart.firstIndex(of: "#") {
            fragment = percentDecode(pathPart[pathPart.index(after: hash)...])
            pathPart = pathPart[..<hash]
        }
        if let q = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<q] }
        if pathPart.isEmpty {
            return Resolved(path: base, fragment: fragment.flatMap { $0.isEmpty ? nil : $0 })
        }
        let decoded = percentDecode(pathPart)
        guard let path = normalize(decoded, relativeTo: decoded.hasPrefix("/") ? "" : directory(of: base)) else {
            return nil
        }
        return Resolved(path: path, fragment: fragment.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Joins `relative` to `directory` and resolves `.`/`..`; nil when it escapes the root.
    static func normalize(_ relative: String, relativeTo directory: String) -> String? {
        var parts: [Substring] = []
        for component in (directory + relative).split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
                continue
            }
            parts.append(component)
        }
        if parts.isEmpty { return nil }
        return parts.joined(separator: "/")
    }

    /// Decodes `%XX` escapes. Invalid escapes are kept; a result that is not valid UTF-8
    /// falls back to the undecoded text.
    static func percentDecode<S: StringProtocol>(_ s: S) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return String(s) }
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
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
        return String(validating: out, as: UTF8.self) ?? String(s)
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
