import ReaderCore
import Terminal

/// Visual mode's effects: copying the selection and saving the highlights.
extension ReaderLoop {
    /// Puts `text` on the clipboard the settings name; says on the status line when it could not.
    func copy(_ text: String) {
        switch settings.clipboard {
        case .terminal:
            guard let bytes = Clipboard.osc52(text) else {
                model.showMessage("Too much text for the terminal's clipboard (at most \(Clipboard.maxTerminalBytes / 1000) KB)")
                return
            }
            do { try device.write(bytes) } catch { model.showMessage("Could not copy: \(error)") }
        case .command(let command):
            if let problem = Clipboard.run(command, text: text) { model.showMessage(problem) }
        }
    }

    /// Writes the model's highlights with the book's state.
    func saveHighlights() {
        do { try session.saveHighlights(model.highlights) } catch { model.showMessage("Could not save the highlights: \(error)") }
    }
}
