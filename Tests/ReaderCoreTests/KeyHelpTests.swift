import XCTest
import TextContent
@testable import ReaderCore

/// The help lists every key the layers handle, each in its layer's section: every input
/// is offered to each layer, and one that does something there must be in the help.
final class KeyHelpTests: XCTestCase {
    /// Every input the reader can get (printable ASCII, a few others, Ctrl + letters, the named keys).
    static let inputs: [Input] = (0x20...0x7E).map { Input.character(Character(UnicodeScalar($0))) }
        + ["é", "漢", "§"].map { Input.character($0) }
        + "abcdefghijklmnopqrstuvwxyz".map { Input.control($0) }
        + namedKeys

    /// The named keys, and the Alt-arrows.
    static let namedKeys: [Input] = [.enter, .escape, .backspace, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown,
                                     .home, .end, .wheelUp, .wheelDown, .click(row: 0, column: 0), .alt(.left), .alt(.right),
                                     .drag(row: 0, column: 2), .modifiedClick(row: 0, column: 0), .alt(.enter)]

    /// How the help spells `input`.
    static func name(_ input: Input) -> String {
        switch input {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + c.uppercased()
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .click: return "mouse click"
        case .drag: return "mouse drag"
        case .release: return "mouse release"
        case .modifiedClick: return "Ctrl-click"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .wheelUp, .wheelDown: return "mouse wheel"
        case .alt(let key): return "Alt-" + name(key)
        }
    }

    func keys(in titles: [String]) -> Set<String> {
        Set(KeyHelp.sections.filter { titles.contains($0.title) }.flatMap { $0.entries.flatMap(\.keys) })
    }

    func model() -> ReaderModel {
        let marks = (0..<3).map { Mark(offset: ByteOffset($0 * 500), label: "mark \($0)") }
        return ReaderModel(content: PagerTests.book(chapters: 4, paragraphs: 30), position: ByteOffset(1000),
                           columns: 60, rows: 12, marks: marks)
    }

    /// The inputs that `does` says do something, named as the help names them.
    func handled(_ does: (Input) -> Bool) -> Set<String> {
        Set(Self.inputs.filter(does).map(Self.name))
    }

    func assertListed(_ handled: Set<String>, in titles: [String], _ layer: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(handled.isEmpty, layer, file: file, line: line)
        let missing = handled.subtracting(keys(in: titles))
        XCTAssertEqual(missing, [], "\(layer) handles keys its help section does not list", file: file, line: line)
    }

    func testEveryReadingKeyIsListed() {
        let reading = handled { input in
            let m = model()
            var layer = ReadingLayer()
            return layer.handle(input, at: 0, in: m.context).consumed
        }
        assertListed(reading, in: [KeyHelp.Title.reading, KeyHelp.Title.search, KeyHelp.Title.places,
                                   KeyHelp.Title.reveal, KeyHelp.Title.help, KeyHelp.Title.links, KeyHelp.Title.settings],
                     "ReadingLayer")
        XCTAssertTrue(reading.isSuperset(of: ["q", "Esc", "n", "N", "/", ":", "?"]))
        let revealing = handled { input in
            let m = model()
            m.startReveal(at: 0)
            var layer = ReadingLayer()
            return layer.handle(input, at: 0, in: m.context).keepsMessage   // the reveal's own keys
        }
        assertListed(revealing, in: [KeyHelp.Title.reveal], "ReadingLayer while revealing")
    }

    func testEveryOverlayKeyIsListed() {
        let contents = handled { input in
            let m = model()
            var layer = ContentsLayer(selected: 5)
            let r = layer.handle(input, at: 0, in: m.context)
            return layer.selected != 5 || !r.actions.isEmpty || !r.effects.isEmpty
        }
        assertListed(contents, in: [KeyHelp.Title.contents], "ContentsLayer")
        let bookmarks = handled { input in
            let m = model()
            var layer = BookmarksLayer(selected: 1)
            let r = layer.handle(input, at: 0, in: m.context)
            return layer.selected != 1 || !r.actions.isEmpty || !r.effects.isEmpty
        }
        assertListed(bookmarks, in: [KeyHelp.Title.bookmarks], "BookmarksLayer")
        let prompt = handled { input in
            if case .character = input { return false }   // typed into the line
            let m = model()
            var layer = PromptLayer(.search, text: "ab")
            let r = layer.handle(input, at: 0, in: m.context)
            return layer.text != "ab" || !r.actions.isEmpty || !r.effects.isEmpty
        }
        assertListed(prompt, in: [KeyHelp.Title.prompt], "PromptLayer")
        let help = handled { input in
            let m = model()
            m.handle(.character("?"))
            m.handle(.character("j"))
            m.handle(.character("j"))
            guard var layer = m.topLayer as? HelpLayer else { return false }
            _ = layer.handle(input, at: 0, in: m.context)
            return layer.scroll != 2   // any other key closes ("any other key")
        }
        assertListed(help, in: [KeyHelp.Title.help], "HelpLayer")
        let settings = handled { input in
            let m = model()
            var layer = SettingsLayer()
            _ = layer.handle(.down, at: 0, in: m.context)
            let r = layer.handle(input, at: 0, in: m.context)
            return layer.selected != 1 || !r.actions.isEmpty || !r.effects.isEmpty
        }
        assertListed(settings, in: [KeyHelp.Title.settingsPanel], "SettingsLayer")
        let visual = handled { input in
            let m = model()
            m.handle(.character("v"))
            let before = m.selection
            var layer = VisualLayer()
            let r = layer.handle(input, at: 0, in: m.context)
            return r.consumed && (m.selection != before || !r.actions.isEmpty || !r.effects.isEmpty || m.message != nil)
        }
        assertListed(visual, in: [KeyHelp.Title.visual], "VisualLayer")
        XCTAssertTrue(visual.isSuperset(of: ["w", "b", "e", "(", ")", "{", "}", "j", "k", "o", "y", "h", "H", "a", "Enter", "Esc"]))
        let highlights = handled { input in
            let m = model()
            m.setHighlights((0..<3).map { TextHighlight(id: "\($0)", range: ByteRange($0 * 500, $0 * 500 + 9)) })
            var layer = HighlightsLayer(context: m.context)   // the one at the position (1000): the last
            _ = layer.handle(.up, at: 0, in: m.context)
            let r = layer.handle(input, at: 0, in: m.context)
            return layer.selected != 1 || !r.actions.isEmpty || !r.effects.isEmpty
        }
        assertListed(highlights, in: [KeyHelp.Title.highlights], "HighlightsLayer")
        let lookUp = handled { input in
            let m = model()
            m.setDictionary { LookUpAnswer(word: $0.word, definitions: [Definition(dictionary: "D", headword: $0.word,
                                                                                    text: (1...60).map { "line \($0)" }.joined(separator: "\n"))]) }
            m.handle(.character("v"))
            m.handle(.enter)
            guard var layer = m.topLayer as? DefinitionPopupLayer else { return false }
            _ = layer.handle(.down, at: 0, in: m.context)
            let r = layer.handle(input, at: 0, in: m.context)
            return layer.scroll != 1 || !r.actions.isEmpty || !r.effects.isEmpty
        }
        assertListed(lookUp, in: [KeyHelp.Title.lookUp], "DefinitionPopupLayer")
        XCTAssertTrue(lookUp.isSuperset(of: ["j", "k", "Space", "Esc", "q"]))
    }

    func testTheHelpNamesQuitAndClearingASearch() {
        let text = KeyHelp.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("q  Q  Ctrl-C"), text)
        XCTAssertTrue(text.contains("clear the highlights"))
        XCTAssertEqual(KeyHelp.lines.filter { $0.count > 76 }, [], "fits 80 columns with the margins")
    }
}
