import Foundation
import XCTest

/// Byte-level reading of a UCD test file: lines and fields without building a `String` per
/// line (the conformance tests run in debug builds over hundreds of thousands of lines).
struct UCDLineReader {
    let bytes: [UInt8]

    /// Reads `path`; a missing file is a test failure (install apt `unicode-data`), not a skip.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            XCTFail("\(path) is missing: install Debian's unicode-data package (apt-get install unicode-data), which the project's setup does.")
            return nil
        }
        bytes = [UInt8](data)
    }

    /// Calls `body` with each line's byte range (without the newline) and its 1-based number.
    func forEachLine(_ body: (Range<Int>, Int) -> Void) {
        var start = 0, number = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            body(start..<end, number)
            start = end + 1
            number += 1
        }
    }

    /// Splits a range at `separator` bytes.
    func fields(_ range: Range<Int>, separator: UInt8) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where bytes[i] == separator {
            result.append(start..<i)
            start = i + 1
        }
        result.append(start..<range.upperBound)
        return result
    }

    /// Whitespace-separated tokens of a range.
    func tokens(_ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
            let start = i
            while i < range.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 { i += 1 }
            if i > start { result.append(start..<i) }
        }
        return result
    }

    /// A hexadecimal number.
    func hex(_ range: Range<Int>) -> UInt32 {
        var v: UInt32 = 0
        for i in range {
            let b = bytes[i]
            v = v << 4 | UInt32(b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x61 + 10)
        }
        return v
    }

    /// A decimal number, or nil for `x`.
    func decimal(_ range: Range<Int>) -> Int? {
        if bytes[range.lowerBound] == UInt8(ascii: "x") { return nil }
        var v = 0
        for i in range { v = v * 10 + Int(bytes[i] - 0x30) }
        return v
    }

    /// The text of a range (for failure messages).
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}
