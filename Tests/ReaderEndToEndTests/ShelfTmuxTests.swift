import Foundation
import XCTest

/// The bookshelf in a real terminal: `reader` with no BOOK after `reader add`, Enter opens
/// the book, `q` in the book comes back to the shelf with the book read "today", `q` quits
/// with the terminal modes restored.
extension TmuxSessionTests {
    func testShelfOpensABookAndQInTheBookReturnsToIt() throws {
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("sample/sample.txt"),
                                         to: books.appendingPathComponent("sample.txt"))
        let env = "XDG_STATE_HOME='\(folder.path)/state' XDG_CACHE_HOME='\(folder.path)/cache' XDG_CONFIG_HOME='\(folder.path)/config'"
        let script = folder.appendingPathComponent("shelf.sh")
        try """
        #!/bin/sh
        \(env) '\(Self.binary.path)' add '\(books.path)' > /dev/null 2>&1
        stty -g > '\(folder.path)/stty.before'
        \(env) '\(Self.binary.path)'
        echo $? > '\(folder.path)/exit.code'
        stty -g > '\(folder.path)/stty.after'
        sleep 600
        """.write(to: script, atomically: true, encoding: .utf8)
        try tmux(["new-session", "-d", "-x", "100", "-y", "30", "sh \(script.path)"])
        _ = try waitForScreen("the shelf") { $0.contains { $0.contains("Library · 1 book") } && $0.contains { $0.contains("never") } }
        try tmux(["send-keys", "Enter"])
        _ = try waitForScreen("the book") { $0.contains { $0.contains("The Clockmaker of Harrow Lane") } }
        try tmux(["send-keys", "Space"])
        try tmux(["send-keys", "q"])
        _ = try waitForScreen("the shelf again") { $0.contains { $0.contains("Library · 1 book") } && $0.contains { $0.contains("today") } }
        try tmux(["send-keys", "q"])
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("exit.code"))?.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("stty.before")), waitForFile(folder.appendingPathComponent("stty.after")))
    }

    /// Covers (issue #19): in tmux (DA1 without sixel, colours) the shelf asks the
    /// terminal after its first frame and paints the selected book's cover as symbols on
    /// the right; a book without a cover leaves the panel blank; `q` leaves nothing.
    func testShelfShowsTheSelectedCoverAsSymbols() throws {
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("epub/cover-epub3.epub"),
                                         to: books.appendingPathComponent("cover.epub"))
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("sample/sample.txt"),
                                         to: books.appendingPathComponent("sample.txt"))
        let env = "XDG_STATE_HOME='\(folder.path)/state' XDG_CACHE_HOME='\(folder.path)/cache' XDG_CONFIG_HOME='\(folder.path)/config'"
        let script = folder.appendingPathComponent("shelf.sh")
        try """
        #!/bin/sh
        unset NO_COLOR
        \(env) '\(Self.binary.path)' add '\(books.path)' > /dev/null 2>&1
        \(env) '\(Self.binary.path)'
        echo $? > '\(folder.path)/exit.code'
        sleep 600
        """.write(to: script, atomically: true, encoding: .utf8)
        try tmux(["new-session", "-d", "-x", "120", "-y", "30", "sh \(script.path)"])
        /// Whether a truecolour background is painted right of the list (the panel starts at column 81).
        func coverShown() throws -> Bool {
            try tmux(["capture-pane", "-p", "-e"]).components(separatedBy: "\n").dropFirst(2).contains { $0.contains("\u{1B}[48;2;") }
        }
        _ = try waitForScreen("the shelf") { $0.contains { $0.contains("Library · 2 books") } }
        try tmux(["send-keys", "s"])   // by title: Covered, then The Clockmaker…
        _ = try waitForScreen("sorted") { $0.contains { $0.contains("by title") } }
        var deadline = Date().addingTimeInterval(20)
        while try !coverShown() && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(try coverShown(), "the cover's symbols")
        let row = try screen()[2]
        XCTAssertTrue(row.hasPrefix(" Covered "), row)
        XCTAssertLessThanOrEqual(row.trimmingCharacters(in: .whitespaces).count, 80, "the list keeps left of the panel: \(row)")
        try tmux(["send-keys", "j"])
        deadline = Date().addingTimeInterval(20)
        while try coverShown() && Date() < deadline { usleep(50_000) }
        XCTAssertFalse(try coverShown(), "no cover for the TXT")
        try tmux(["send-keys", "q"])
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("exit.code"))?.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        XCTAssertFalse(try coverShown())
    }
}
