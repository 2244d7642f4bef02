import TextContent

/// A book whose chapters are not all one way (issue #23: a vertical Japanese novel with a
/// `.hltr` colophon, `Chapter.verticalWriting`): with the writing mode on auto, the text is
/// set the way the chapter on screen asks — columns for the novel, lines for the colophon.
///
/// A page turn or scroll that crosses into a chapter of the other mode is redone there:
/// forward, the new chapter starts at its first page in its mode; back, the reader lands on
/// the previous chapter's last page in its mode. A jump (contents, search, a bookmark)
/// takes the mode of the chapter it lands in. `V` sets one mode for the whole book.
extension ReadingContext {
    /// Whether chapter `index` is set in columns when the mode follows the chapters.
    func chapterIsVertical(_ index: Int) -> Bool {
        content.chapters[index].verticalWriting ?? content.metadata.verticalWriting
    }

    /// The mode of the chapter holding the reading position.
    private var modeAtAnchor: WritingMode? {
        guard let c = content.chapterIndex(containing: pager.anchor) else { return nil }
        return chapterIsVertical(c) ? .vertical : .horizontal
    }

    /// Starts following the chapters' modes (the host's auto), in the mode of the chapter
    /// holding the reading position.
    func followChapterModes() {
        followsChapterModes = true
        followModeAtAnchor()
    }

    /// When following, takes the mode of the chapter holding the reading position (after a
    /// jump); the position stays.
    func followModeAtAnchor() {
        guard followsChapterModes, let mode = modeAtAnchor, mode != writingMode else { return }
        writingMode = mode
    }

    /// Runs a page turn or scroll (`forward` or back) and, when following, redoes it where it
    /// crossed into a chapter of the other mode (see the type's description).
    func moving(forward: Bool, _ body: () -> Void) {
        let before = content.chapterIndex(containing: pager.anchor)
        body()
        guard followsChapterModes, let from = before, let to = content.chapterIndex(containing: pager.anchor), to != from,
              modeAtAnchor != writingMode else { return }
        let old = writingMode == .vertical
        if forward {
            // The first chapter on the way whose mode is the other one: its first page.
            guard let c = (from + 1...max(from + 1, to)).first(where: { chapterIsVertical($0) != old }) else { return }
            writingMode = old ? .horizontal : .vertical
            pager.jump(to: content.chapters[c].range.lowerBound)
        } else {
            // The last chapter before on the way whose mode is the other one: its last page.
            guard from > 0, let c = stride(from: from - 1, through: min(to, from - 1), by: -1).first(where: { chapterIsVertical($0) != old })
            else { return }
            writingMode = old ? .horizontal : .vertical
            pager.jump(to: content.chapters[c + 1].range.lowerBound)
            if writingMode == .vertical {
                turnVerticalPage(by: -1)
            } else {
                pager.pageUp(in: layouts)
            }
        }
    }
}
