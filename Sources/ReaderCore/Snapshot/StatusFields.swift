/// Which fields the status line shows (`--status`, the `status` setting): a
/// comma-separated list of `title`, `chapter`, `percent`, `time-left-chapter`,
/// `time-left-book`. The time-left fields are optional right-hand fields (dropped first
/// when the line is narrow) and show only when the host gives an estimate.
public struct StatusFields: Hashable, Sendable {
    /// One field.
    public enum Field: String, CaseIterable, Sendable {
        /// The chapter's path in the contents (or the book's title).
        case title
        /// "3/12".
        case chapter
        /// "42.7%".
        case percent
        /// "12 min left in chapter".
        case timeLeftChapter = "time-left-chapter"
        /// "3 h 5 min left in book".
        case timeLeftBook = "time-left-book"
    }

    /// The fields shown.
    public var fields: Set<Field>

    /// The default: today's status line and the time left in the chapter.
    public static let standard = StatusFields(fields: [.title, .chapter, .percent, .timeLeftChapter])
    /// The default as written in the settings.
    public static let standardText = "title,chapter,percent,time-left-chapter"

    /// The fields given.
    public init(fields: Set<Field>) {
        self.fields = fields
    }

    /// Parses `title,chapter,percent`; nil for an unknown or empty list (`none` shows no field).
    public init?(parsing text: String) {
        if text == "none" { self.init(fields: []); return }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        let fields = names.compactMap(Field.init(rawValue:))
        guard !names.isEmpty, fields.count == names.count else { return nil }
        self.init(fields: Set(fields))
    }

    /// The fields as the settings write them, in `Field` order (`none` for no field).
    public var text: String {
        fields.isEmpty ? "none" : Field.allCases.filter(fields.contains).map(\.rawValue).joined(separator: ",")
    }

    /// The choices the settings panel steps through (and the fields now, when they are
    /// none of them).
    public static let presets: [StatusFields] = [
        standard, StatusFields(fields: [.title, .chapter, .percent, .timeLeftChapter, .timeLeftBook]),
        StatusFields(fields: [.title, .chapter, .percent]), StatusFields(fields: [.percent]), StatusFields(fields: []),
    ]

    /// Whether `field` is shown.
    public func shows(_ field: Field) -> Bool { fields.contains(field) }

    /// Whether the host should estimate the time left (a time-left field is shown).
    public var wantsTimeLeft: Bool { shows(.timeLeftChapter) || shows(.timeLeftBook) }
}
