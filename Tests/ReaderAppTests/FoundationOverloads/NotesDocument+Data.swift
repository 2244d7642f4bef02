import Foundation
@testable import ReaderApp

/// The notes JSON as Foundation's `Data`, for the tests that decode it with `JSONDecoder` or
/// write it with `Data.write(to:)` (the reader's own `json()` gives bytes: it does not link
/// Foundation).
extension NotesDocument {
    /// `json()`'s bytes as `Data`.
    func json() throws -> Data {
        let bytes: [UInt8] = try json()
        return Data(bytes)
    }
}
