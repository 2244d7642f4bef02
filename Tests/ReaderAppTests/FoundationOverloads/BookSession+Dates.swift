import Foundation
import ReaderCore
import TextContent
@testable import ReaderApp

/// Saves dated with Foundation's `Date`, as the tests date them. The reader's own saves are
/// dated in seconds since 1970 (`WallClock`): its code does not link Foundation.
extension BookSession {
    /// `save(position:marks:jumps:settings:now:)` dated `now`.
    func save(position: ByteOffset, marks: [Mark], jumps: [ByteOffset] = [], settings: [String: String]? = nil,
              now: Date) throws {
        try save(position: position, marks: marks, jumps: jumps, settings: settings, now: now.timeIntervalSince1970)
    }

    /// `saveHighlights(_:now:)` dated `now`.
    func saveHighlights(_ highlights: [TextHighlight], now: Date) throws {
        try saveHighlights(highlights, now: now.timeIntervalSince1970)
    }
}
