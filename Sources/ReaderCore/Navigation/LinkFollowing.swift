import TextContent

/// What following a link does (`Enter` on the selected link, a click, a hint label):
/// a note reference opens the note in a popup; a link inside the book jumps there (a
/// jump-list entry); a link out of the book shows its URL on the status line (the reader
/// never starts a browser); a link whose target is not in the book says so.
enum LinkFollowing {
    /// Follows `run` from the page of `context`.
    static func follow(_ run: StyleRun, in context: ReadingContext) -> LayerResponse {
        if run.style == .noteReference, let target = run.target, let note = context.content.noteRange(at: target) {
            context.selectedLink = run.range
            return .push(NotePopupLayer(reference: run.range, note: note, content: context.content))
        }
        if let target = run.target {
            let before = context.pager.anchor
            context.recordingJump { context.jump(to: target) }
            guard context.pager.anchor != before else { return .consumed() }   // a link to this place
            context.selectedLink = nil
            return .consumed([.positionChanged])
        }
        if let url = run.url {
            context.message = "External link (open it from the terminal): " + url
        } else {
            context.message = "Link target not found"
        }
        return .consumed()
    }
}
