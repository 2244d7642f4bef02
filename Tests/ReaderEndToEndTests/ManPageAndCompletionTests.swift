import Foundation
import XCTest

/// The man page and the shell completions list every option `reader --help` does (and the
/// cache command's), so they cannot drift apart; the bash completion completes.
final class ManPageAndCompletionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cacheOptions = ["--jobs", "--max-size", "--force", "--json"]

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The long options `reader --help` names.
    func helpOptions() throws -> Set<String> {
        let help = try ReaderRun.stdout(["--help"])
        let regex = try NSRegularExpression(pattern: "--[a-z][a-z-]*[a-z]")
        let found = regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).map { String(help[Range($0.range, in: help)!]) }
        return Set(found)
    }

    func testEveryOptionIsInTheManPageAndTheCompletions() throws {
        let options = try helpOptions().union(Self.cacheOptions)
        XCTAssertTrue(options.isSuperset(of: ["--width", "--theme", "--reveal", "--help", "--version"]), "\(options)")
        // roff escapes the hyphens of options: \-\-width.
        let man = try text("docs/reader.1").replacingOccurrences(of: "\\-", with: "-")
        let files = ["Tools/completions/reader.bash", "Tools/completions/_reader", "Tools/completions/reader.fish"]
        for option in options.sorted() {
            XCTAssertTrue(man.contains(option), "docs/reader.1 lacks \(option)")
            for file in files {
                let completion = try text(file)
                // fish names long options without the dashes: -l width.
                let fishName = "-l " + option.dropFirst(2) + " "
                XCTAssertTrue(completion.contains(option) || file.hasSuffix(".fish") && completion.contains(fishName), "\(file) lacks \(option)")
            }
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
            XCTAssertTrue(man.contains(".SH " + section), "docs/reader.1 has no \(section) section")
        }
    }

    /// What the bash completion offers for the words typed so far.
    func complete(_ words: [String]) throws -> [String] {
        let script = """
        source '\(Self.root.appendingPathComponent("Tools/completions/reader.bash").path)'
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
        _reader; printf '%s\\n' "${COMPREPLY[@]}"
        """
        let outcome = try ReaderRun.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script])
        return outcome.stdout.split(separator: "\n").map(String.init)
    }

    func testTheBashCompletionCompletesOptionsAndValues() throws {
        XCTAssertEqual(try complete(["reader", "--th"]), ["--theme"])
        XCTAssertEqual(try complete(["reader", "--theme", ""]), ["dark", "light", "plain"])
        XCTAssertEqual(try complete(["reader", "dump", "--notes", "e"]), ["end"])
        XCTAssertEqual(try complete(["reader", "cache", "b"]), ["build"])
        XCTAssertTrue(try complete(["reader", "d"]).contains("dump"))
    }
}
