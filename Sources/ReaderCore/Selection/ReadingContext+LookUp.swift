import TextContent

/// Looking up the selected word (Enter or `K` in visual mode, Ctrl/Alt-click).
extension ReadingContext {
    /// The popup with the dictionaries' entries for the selection's word.
    func lookUp(_ selection: TextSelection) -> LayerResponse {
        message = "No dictionary lookup in this build yet"
        return .consumed()
    }
}
