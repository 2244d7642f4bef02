import TextContent

extension EPUBPackage {
    /// The spine index of the document `entryPath`, nil when the spine has no such document.
    public func spineIndex(of entryPath: String) -> Int? {
        spine.firstIndex { $0.entryPath == entryPath }
    }

    /// Parses the spine documents in `range` alone, concatenated as `readAll()` would
    /// concatenate them (each document's text is byte for byte the same, only its start
    /// differs), one chapter per document, no contents, links into other documents
    /// unresolved; each chapter carries its document's writing mode when it is not the book's
    /// estimate (a `.hltr` page of a vertical book). For showing one place of a big book
    /// before the rest is parsed (`PartialBook`). Throws when none of them can be read.
    public func readDocuments(_ range: Range<Int>) throws -> TextContent {
        precondition(range.lowerBound >= 0 && range.upperBound <= spine.count, "spine range out of bounds")
        var book = TextContentBuilder(metadata: metadata)
        var readable = 0
        var firstError: BookError?
        var modes: [Bool?] = []
        withArchive { zip in
            for i in range {
                let r = buildDocument(i, zip: zip)
                if r.error == nil { readable += 1 } else if firstError == nil { firstError = r.error }
                let start = book.append(r.builder)
                book.addChapter(title: r.chapterTitle(number: i + 1), level: 1, at: start, source: spine[i].entryPath)
                modes.append(writingMode(of: r))
            }
        }
        guard readable > 0 else {
            throw firstError ?? BookError.noReadableContent(path: path, reason: "no readable document")
        }
        var content = book.finish()
        // One chapter a document, in order (a document's chapter may be empty, never missing).
        for (c, mode) in zip(content.chapters.indices, modes) where mode != nil && mode != metadata.verticalWriting {
            content.chapters[c].verticalWriting = mode
        }
        return content
    }
}
