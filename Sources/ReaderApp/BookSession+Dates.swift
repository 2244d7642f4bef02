import Foundation
import ReaderCore
import TextContent

/// Saves dated with Foundation's `Date` (the tests date them so). The reader's own saves
/// are dated in seconds since 1970 from `WallClock`: `Date` would page Foundation's code in.
extension BookSession {
    /// `save(position:marks:jumps:settings:now:)` dated `now`.
    public func save(position: ByteOffset, marks: [Mark], jumps: [ByteOffset] = [], settings: [String: String]? = nil,
                     now: Date) throws {
        try save(position: position, marks: marks, jumps: jumps, settings: settings, now: now.timeIntervalSince1970)
    }

    /// `saveHighlights(_:now:)` dated `now`.
    public func saveHighlights(_ highlights: [TextHighlight], now: Date) throws {
        try saveHighlights(highlights, now: now.timeIntervalSince1970)
    }
}
