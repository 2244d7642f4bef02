/// A BCP 47 language tag (or a POSIX locale name) reduced to what picks a pattern file:
/// the language, the script and the region.
///
/// `en`, `en-US`, `en_GB`, `EN-gb`, `de-1996`, `de-CH-1901`, `pt-BR`, `sr-Latn`,
/// `en_US.UTF-8@euro` all parse; variants (`1996`), extensions (`-u-…`) and private use
/// (`-x-…`) are dropped. `und`, `zxx`, `mul`, the empty string and tags whose first subtag
/// is not 2–3 letters give nil. Related codes are tried after the tag's own (`nb` → `no`,
/// `nn`; `iw` → `he`; `in` → `id`).
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The language subtag in lower case (`en`).
    public let language: String
    /// The script subtag in title case (`Latn`), when there is one.
    public let script: String?
    /// The region subtag in upper case (`US`, `419`), when there is one.
    public let region: String?

    /// Parses `tag`; nil when it names no language.
    public init?(_ tag: String) {
        var text = Substring(tag)
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let first = parts.first, (2...3).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }),
              !["und", "zxx", "mul", "mis"].contains(first) else { return nil }
        language = first
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if part.count == 1 { break }   // an extension or private use: the rest is not ours
            if script == nil, region == nil, part.count == 4, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                script = part.prefix(1).uppercased() + part.dropFirst()
            } else if region == nil, (part.count == 2 && part.allSatisfy({ $0.isASCII && $0.isLetter }))
                        || (part.count == 3 && part.allSatisfy({ $0.isASCII && $0.isNumber })) {
                region = part.uppercased()
            }
        }
        self.script = script
        self.region = region
    }

    /// Codes tried after a language's own: deprecated ones still found in books, and the
    /// Norwegian written forms (Debian ships `hyph_nb_NO` and `hyph_nn_NO`).
    static let related: [String: [String]] = [
        "iw": ["he"], "in": ["id"], "ji": ["yi"], "no": ["nb", "nn"], "nb": ["no", "nn"], "nn": ["no", "nb"],
    ]

    /// The language and its related codes, the tag's own first.
    public var languages: [String] { [language] + (Self.related[language] ?? []) }

    /// The region whose patterns a bare language uses when the language has no file of its own.
    static let defaultRegions: [String: String] = [
        "en": "US", "de": "DE", "fr": "FR", "es": "ES", "it": "IT", "pt": "PT", "ru": "RU",
        "nl": "NL", "pl": "PL", "sv": "SE", "da": "DK", "cs": "CZ", "sk": "SK", "hu": "HU",
        "ro": "RO", "hr": "HR", "sl": "SI", "uk": "UA", "bg": "BG", "el": "GR", "ca": "ES",
        "gl": "ES", "lt": "LT", "lv": "LV", "no": "NO", "nb": "NO", "nn": "NO", "af": "ZA", "id": "ID", "is": "IS",
    ]

    /// Pattern file stems (`en_US` for `hyph_en_US.dic`) to try in order, best first:
    /// language_Script_REGION, language_Script, language_REGION, language, then
    /// language_<default region>; then the same for each related code. The library then
    /// falls back to any file of the language (or of a related code).
    public var candidates: [String] {
        var stems: [String] = []
        func add(_ stem: String) { if !stems.contains(stem) { stems.append(stem) } }
        for code in languages {
            if let script {
                if let region { add("\(code)_\(script)_\(region)") }
                add("\(code)_\(script)")
            }
            if let region { add("\(code)_\(region)") }
            add(code)
            if let fallback = Self.defaultRegions[code] { add("\(code)_\(fallback)") }
        }
        return stems
    }

    /// `language[-Script][-REGION]`, e.g. `sr-Latn-RS`.
    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }
}
