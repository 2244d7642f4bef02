import Support
import TextContent

/// What an FB2 `<description>` says about the book, collected while it is walked:
/// `title-info`'s `book-title`, `author`s (first, middle and last name, else nickname),
/// `lang`, `sequence` (series: kept here only, `BookMetadata` has no field for it) and
/// whether a `coverpage` names an image. The FB2 version comes from the FictionBook
/// namespace (`…/fictionbook/2.0`, `…/2.1`).
struct FB2Description {
    /// The `title-info` children whose text is collected.
    enum Field { case bookTitle, firstName, middleName, lastName, nickname, lang }

    /// Most bytes collected for one field (a hostile title is cut).
    static let maximumFieldBytes = 1024

    var title = ""
    var authors: [String] = []
    var language = ""
    /// `sequence name=` and `number=` (the first sequence).
    var series: String?
    var seriesNumber: String?
    /// The `coverpage` holds an image (its `l:href`, "" when it names none).
    var coverHref: String?
    /// "2.0", "2.1" or "" (from the root element's namespace).
    var version = ""
    /// The encoding libxml2 decoded the document from ("UTF-8", "KOI8-R"…).
    var encoding = "UTF-8"

    private var fields: [Field: [UInt8]] = [:]
    private var authorParts: [Field: String] = [:]

    /// Collects text of `field` (at most `maximumFieldBytes`).
    mutating func capture(_ text: UnsafeBufferPointer<UInt8>, for field: Field) {
        var bytes = fields[field] ?? []
        guard bytes.count < Self.maximumFieldBytes else { return }
        bytes.append(contentsOf: text.prefix(Self.maximumFieldBytes - bytes.count))
        fields[field] = bytes
    }

    /// A field's element closed: its text goes where it belongs.
    mutating func end(_ field: Field) {
        let text = Self.collapsed(fields.removeValue(forKey: field) ?? [])
        switch field {
        case .bookTitle: if title.isEmpty { title = text }
        case .lang: if language.isEmpty { language = text }
        case .firstName, .middleName, .lastName, .nickname:
            if authorParts[field] == nil, !text.isEmpty { authorParts[field] = text }
        }
    }

    /// An `<author>` closed: "First Middle Last", or the nickname without a name.
    mutating func endAuthor() {
        let name = [Field.firstName, .middleName, .lastName].compactMap { authorParts[$0] }.joined(separator: " ")
        let author = name.isEmpty ? authorParts[.nickname] ?? "" : name
        if !author.isEmpty && authors.count < 64 { authors.append(author) }
        authorParts.removeAll()
    }

    /// The FB2 version a FictionBook namespace names ("2.0", "2.1"), or "".
    static func version(ofNamespace uri: String) -> String {
        guard uri.lowercased().containsBytes("fictionbook"), let last = uri.split(separator: "/").last else { return "" }
        return last.allSatisfy { $0.isNumber || $0 == "." } && last.containsBytes(".") ? String(last) : ""
    }

    /// The book's metadata; `fallbackTitle` when the description names no title.
    func metadata(fallbackTitle: String) -> BookMetadata {
        let t = TextSanitizer.sanitizeLabel(title)
        let language = TextSanitizer.sanitizeLabel(self.language)
        let rtl: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv"]
        let direction: TextDirection = rtl.contains(TextContentBuilder.primarySubtag(language)) ? .rightToLeft : .unspecified
        return BookMetadata(title: t.isEmpty ? fallbackTitle : t, authors: authors.map(TextSanitizer.sanitizeLabel),
                            language: language, format: .fb2, encoding: encoding, direction: direction, version: version,
                            cover: coverHref.map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Text with its white space runs collapsed to single spaces and trimmed.
    static func collapsed(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }
}
