import Foundation
import ReaderState

// Test helper (ReaderStateTests.ReadingStatsCrashSafetyTests): adds reading statistics in
// a loop through the real ReadingStatsStore, so a test can run two at once (no second may
// be lost) or SIGKILL one at random moments (every file must always be one whole update).
//
//   stats-writer STATE-FOLDER KEY COUNT
//
// Update i (1…COUNT) adds 1 second, 10 alphabetic characters and 1 second on the day
// "2026-01-01" to the book KEY, and 1 minute / 1,000 characters of alphabetic speed
// samples. Prints "ready" after the first update.
let args = CommandLine.arguments
guard args.count == 4, let count = Int(args[3]), count >= 1 else {
    FileHandle.standardError.write(Data("usage: stats-writer STATE-FOLDER KEY COUNT\n".utf8))
    exit(2)
}
let store = ReadingStatsStore(stateFolder: args[1])
let key = args[2]
for i in 1...count {
    var delta = ReadingStatsDelta(title: "Book \(key)")
    delta.seconds = 1
    delta.characters = ["alphabetic": 10]
    delta.days = ["2026-01-01": 1]
    delta.lastRead = Double(i)
    delta.speed.accumulate("alphabetic", characters: 1000, minutes: 1)
    do {
        try store.add(delta, key: key)
    } catch {
        FileHandle.standardError.write(Data("stats-writer: \(error)\n".utf8))
        exit(1)
    }
    if i == 1 { print("ready"); fflush(stdout) }
}
