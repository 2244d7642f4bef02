import Foundation
import ReaderState

// Test helper (ReaderStateTests.LibraryCrashSafetyTests): adds entries to the library in
// a loop through the real LibraryStore, so a test can run two at once (no entry may be
// lost) or SIGKILL one at random moments (the file must always be one whole update).
//
//   library-writer STATE-FOLDER TAG COUNT
//
// Update i (1…COUNT) adds the entry with key "TAG-i" (title "TAG i", progress i / COUNT)
// and sets the fileSize of "TAG-1" to i, so "TAG-1"'s fileSize says how many updates the
// file holds. Prints "ready" after the first update.
let args = CommandLine.arguments
guard args.count == 4, let count = Int(args[3]), count >= 1 else {
    FileHandle.standardError.write(Data("usage: library-writer STATE-FOLDER TAG COUNT\n".utf8))
    exit(2)
}
let store = LibraryStore(stateFolder: args[1])
let tag = args[2]
for i in 1...count {
    let entry = LibraryEntry(key: "\(tag)-\(i)", path: "/books/\(tag)/\(i).epub", title: "\(tag) \(i)", authors: ["Writer \(tag)"],
                             format: "epub", fileSize: i, added: Double(i))
    do {
        try store.update { library in
            library.add(entry, fileExists: { _ in true })
            if let k = library.entries.firstIndex(where: { $0.key == "\(tag)-1" }) { library.entries[k].fileSize = i }
        }
    } catch {
        FileHandle.standardError.write(Data("library-writer: \(error)\n".utf8))
        exit(1)
    }
    if i == 1 { print("ready"); fflush(stdout) }
}
