import TextContent

/// The host's side of visual mode and highlights: what is selected, the highlights to
/// save, and the ones to show when the book opens.
extension ReaderModel {
    /// Visual mode's selection, while it is on.
    public var selection: TextSelection? { context.selection }
    /// The selected text, as `y` copies it.
    public var selectedText: String? { context.selectedText }
    /// The book's highlights, sorted by start.
    public var highlights: [TextHighlight] { context.highlights }

    /// Shows `highlights` (those past the text or empty are left out) and redraws.
    public func setHighlights(_ highlights: [TextHighlight]) {
        context.replaceHighlights(highlights)
        update()
    }

    /// Gives new highlights their ids from `make` (unique across sessions).
    public func setHighlightIDs(_ make: @escaping () -> String) {
        context.makeHighlightID = make
    }

    /// Where visual mode's lookups go (Enter/`K`, Ctrl/Alt-click): the host's
    /// dictionaries; nil: none (the keys say so).
    public func setDictionary(_ lookUp: ((LookUpRequest) -> LookUpAnswer)?) {
        context.dictionary = lookUp
    }
}
