import Foundation
import XCTest
import UnicodeData

/// Checks the generated property table against the UCD files themselves, for every code point.
final class PropertyTableTests: XCTestCase {
    static let ucd = "/usr/share/unicode"

    func testUnicodeVersion() {
        XCTAssertEqual(unicodeVersion, "15.0.0")
    }

    /// Reads a UCD file; a missing file is a failure (install apt `unicode-data`), not a skip.
    func read(_ path: String) throws -> String {
        let full = "\(Self.ucd)/\(path)"
        guard let text = try? String(contentsOfFile: full, encoding: .utf8) else {
            XCTFail("\(full) is missing or unreadable: install Debian's unicode-data package (apt-get install unicode-data)")
            throw CocoaError(.fileNoSuchFile)
        }
        return text
    }

    /// Long and short value names → short name, for one property, from PropertyValueAliases.txt.
    func aliases(_ property: String) throws -> [String: String] {
        var map: [String: String] = [:]
        for line in try read("PropertyValueAliases.txt").split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, fields[0] == property else { continue }
            for name in fields[1...] { map[name] = fields[1] }
        }
        return map
    }

    /// (first, last, value) of the data lines (or of the `# @missing:` lines) of a UCD file.
    func entries(_ text: String, missing: Bool) -> [(UInt32, UInt32, String)] {
        var result: [(UInt32, UInt32, String)] = []
        for line in text.split(separator: "\n") {
            var body = Substring(line)
            if missing {
                guard body.hasPrefix("# @missing:") else { continue }
                body = body.dropFirst("# @missing:".count)
            } else {
                body = body.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            }
            let fields = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            let bounds = fields[0].components(separatedBy: "..")
            guard let first = UInt32(bounds[0], radix: 16), let last = UInt32(bounds.last!, radix: 16) else { continue }
            result.append((first, last, fields[1]))
        }
        return result
    }

    /// Expected short value names for every code point: @missing defaults (in file order,
    /// later lines more specific), then the explicit data lines.
    func expected(defaultsFrom missingFile: String, dataFrom dataFile: String, property: String) throws -> [String] {
        let names = try aliases(property)
        var values = [String](repeating: "", count: 0x110000)
        for (a, b, v) in entries(try read(missingFile), missing: true) {
            let short = names[v] ?? v
            for cp in a...b { values[Int(cp)] = short }
        }
        for (a, b, v) in entries(try read(dataFile), missing: false) {
            let short = names[v] ?? v
            for cp in a...b { values[Int(cp)] = short }
        }
        return values
    }

    func compare<T>(_ property: String, expected: [String], _ actual: (UInt32) -> T) {
        var mismatches: [String] = []
        var count = 0
        for cp in 0..<UInt32(0x110000) {
            let got = "\(actual(cp))"
            if got != expected[Int(cp)] {
                count += 1
                if mismatches.count < 20 { mismatches.append(String(format: "U+%04X table %@ UCD %@", cp, got, expected[Int(cp)])) }
            }
        }
        XCTAssertEqual(count, 0, "\(property): \(count) code points differ: \(mismatches.joined(separator: "; "))")
    }

    func testLineBreakForEveryCodePoint() throws {
        let values = try expected(defaultsFrom: "extracted/DerivedLineBreak.txt", dataFrom: "LineBreak.txt", property: "lb")
        XCTAssertEqual(values[0x41], "AL")
        XCTAssertEqual(values[0x4E00], "ID")
        XCTAssertEqual(values[0x2A6E0], "ID", "@missing default for an unassigned code point of plane 2")
        compare("Line_Break", expected: values) { UnicodeProperties.shared.record($0).lineBreak }
    }

    func testBidiClassForEveryCodePoint() throws {
        let values = try expected(defaultsFrom: "extracted/DerivedBidiClass.txt", dataFrom: "extracted/DerivedBidiClass.txt", property: "bc")
        XCTAssertEqual(values[0x5D0], "R")
        XCTAssertEqual(values[0x0627], "AL")
        compare("Bidi_Class", expected: values) { UnicodeProperties.shared.record($0).bidiClass }
    }
}
