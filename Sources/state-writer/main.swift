import Foundation
import ReaderState

// Test helper (ReaderStateTests.StateCrashSafetyTests): saves one book's state in a loop
// through the real StateStore, so a test can SIGKILL it at random moments and check that
// the file on disk is always one whole save.
//
//   state-writer FOLDER KEY COUNT TAG
//
// Save i (1…COUNT) has position (chapter i % 7, offset i) and i % 40 bookmarks whose labels
// name i, so a reader of the file can tell whether it is one consistent save. Prints
// "ready" after the first save.
let args = CommandLine.arguments
guard args.count == 5, let count = Int(args[3]) else {
    FileHandle.standardError.write(Data("usage: state-writer FOLDER KEY COUNT TAG\n".utf8))
    exit(2)
}
let store = StateStore(folder: args[1])
let key = args[2], tag = args[4]
for i in 1...max(1, count) {
    var state = BookState(key: key, lastPath: "/books/\(tag).epub", title: "Writer \(tag)",
                          position: SavedPosition(chapter: i % 7, offset: i))
    state.bookmarks = (0..<(i % 40)).map {
        Bookmark(position: SavedPosition(chapter: 0, offset: $0), label: "\(tag) save \(i) mark \($0) " + String(repeating: "~", count: i % 200),
                 created: Double(i))
    }
    state.updated = Double(i)
    do { try store.save(state) } catch {
        FileHandle.standardError.write(Data("state-writer: \(error)\n".utf8))
        exit(1)
    }
    if i == 1 { print("ready"); fflush(stdout) }
}
