import Foundation
import XCTest
@testable import reader

/// The commands' number formatting against `String(format:)`, which it replaces.
final class DecimalTextTests: XCTestCase {
    func testFixedIsPrintfs() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 2.5, 3.5, 1.45, 1023.95, 1e21, -3.75, .infinity, -.infinity, .nan]
        for _ in 0..<2000 { values.append(Double.random(in: -1e6...1e6, using: &rng)) }
        for _ in 0..<500 { values.append(Double(Int.random(in: 0...100_000, using: &rng)) / 1000) }
        for value in values {
            for places in 0...3 {
                XCTAssertEqual(DecimalText.fixed(value, places: places), String(format: "%.\(places)f", value), "\(value) \(places)")
            }
        }
    }

    func testHexIsPrintfs() {
        for value: UInt32 in [0, 1, 0x1F, 0x7F, 0x80, 0x9F, 0xABC, 0x1234, 0x12345] {
            XCTAssertEqual(DecimalText.hex(value, width: 4), String(format: "%04x", value))
        }
    }

    func testTheByteCountsAndJSONEscapes() {
        XCTAssertEqual(ByteCount.human(1023), "1023 B")
        XCTAssertEqual(ByteCount.human(1536), "1.5 KiB")
        XCTAssertEqual(ByteCount.human(5 * 1048576 + 1), "5.0 MiB")
        XCTAssertEqual(JSON.string("a\u{1}\u{7F}\u{85}é"), "\"a\\u0001\\u007f\\u0085é\"")
    }
}
