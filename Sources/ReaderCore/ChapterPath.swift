import TextContent

/// The titles of a chapter and of the chapters it is part of, from the chapters' levels
/// in the contents: for War and Peace's "III" of Part I of Book One, `["Book One",
/// "Part I", "III"]`. Entries without a title are left out.
enum ChapterPath {
    /// The path of chapter `index`, outermost first.
    static func titles(ofChapter index: Int, in content: TextContent) -> [String] {
        let chapters = content.chapters
        guard chapters.indices.contains(index) else { return [] }
        var path = [chapters[index].title]
        var level = chapters[index].level
        var i = index - 1
        // Each enclosing chapter is the nearest one before with a smaller level.
        while i >= 0 && level > 1 {
            if chapters[i].level < level {
                path.append(chapters[i].title)
                level = chapters[i].level
            }
            i -= 1
        }
        return path.reversed().filter { !$0.isEmpty }
    }
}
