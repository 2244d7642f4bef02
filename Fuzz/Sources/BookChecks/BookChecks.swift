import TextContent

/// The checks every book-reading fuzz target makes on a book it got: a valid
/// `TextContent`, notes that start at note references' targets (the first 64 references'
/// notes inside the text, at most `maximumNoteLength`, their excerpts valid books), and —
/// for readers of markup — no ESC in the text and no control character in the title.
public enum BookChecks {
    /// Traps on an invalid book or notes that break their rules (see the type's comment).
    public static func check(_ content: TextContent) {
        let problems = content.validate()
        if !problems.isEmpty { fatalError("invalid TextContent: \(problems)") }
        checkNotes(content)
    }

    /// `check`, and no ESC in the text, no C0/C1 control in the title.
    public static func checkPrintable(_ content: TextContent) {
        check(content)
        if content.bytes.contains(0x1B) { fatalError("ESC in the text") }
        if content.metadata.title.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            fatalError("control character in the title")
        }
    }

    private static func checkNotes(_ content: TextContent) {
        let targets = Set(content.styles.lazy.filter { $0.style == .noteReference }.compactMap(\.target))
        for n in content.notes where !targets.contains(n.lowerBound) { fatalError("note \(n) is no reference's target") }
        for run in content.styles.lazy.filter({ $0.style == .noteReference && $0.target != nil }).prefix(64) {
            guard let range = content.noteRange(at: run.target!) else { continue }
            if range.upperBound.rawValue > content.bytes.count || range.count > TextContent.maximumNoteLength {
                fatalError("note range \(range) of \(run)")
            }
            let problems = content.excerpt(range).validate()
            if !problems.isEmpty { fatalError("invalid excerpt of \(range): \(problems)") }
        }
    }
}
