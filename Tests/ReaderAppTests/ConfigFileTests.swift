import Foundation
import ReaderCore
import XCTest
@testable import ReaderApp

/// The config file's lines: settings, comments, bad lines and their warnings, key maps;
/// the layers' precedence; the default file read back.
final class ConfigFileTests: XCTestCase {
    func testEveryKeyTakesItsDefaultAndASecondValue() {
        let others = ["width": "72", "theme": "light", "justify": "yes", "indent": "2", "compact": "true", "wrap": "greedy",
                      "hyphenate": "en-GB", "line-break": "loose", "direction": "rtl", "arabic-shaping": "off", "notes": "end",
                      "reveal": "300wpm", "no-pauses": "on", "reveal-wait": "0.5", "reveal-catch-up": "on", "margin": "6",
                      "status": "percent,time-left-book", "ruby": "inline", "images": "sixel",
                      "fit": "width", "clipboard-command": "xclip -selection clipboard",
                      "dictionaries": "wn, gcide,-freedict-deu-eng", "writing-mode": "vertical"]
        XCTAssertEqual(Set(others.keys), Set(ConfigKey.all.map(\.name)))
        let text = ConfigKey.all.map { "\($0.name) \($0.defaultValue)\n\($0.name) \(others[$0.name]!)" }.joined(separator: "\n")
        let file = ConfigFile(text: text)
        XCTAssertEqual(file.warnings, [])
        XCTAssertEqual(file.settings.count, 2 * ConfigKey.all.count)
        XCTAssertEqual(file.setting("justify")?.value, "on", "yes is on")
        XCTAssertEqual(file.setting("compact")?.value, "on")
        XCTAssertEqual(file.setting("width")?.value, "72", "the last line wins")
        XCTAssertEqual(file.setting("width")?.line, 2)
        XCTAssertEqual(file.setting("clipboard-command")?.value, "xclip -selection clipboard", "a command keeps its spaces")
    }

    func testBadLinesGiveOneWarningEachAndAreSkipped() {
        let text = "# comment\n\nwidth wide\ncolour red\njustify maybe\n  indent 101\nreveal fast\nwidth 60\npictures over\nwidth\n"
        let file = ConfigFile(text: text)
        XCTAssertEqual(file.warnings, [
            "config:3: bad value 'wide' for key 'width' (auto or a whole number from 1 to 10000)",
            "config:4: unknown key 'colour'",
            "config:5: bad value 'maybe' for key 'justify' (on or off)",
            "config:6: bad value '101' for key 'indent' (a whole number from 0 to 100)",
            "config:7: bad value 'fast' for key 'reveal' (off, on, characters a second (1 to 1000) or NNNwpm)",
            "config:9: unknown key 'pictures'",
            "config:10: bad value '' for key 'width' (auto or a whole number from 1 to 10000)",
        ])
        XCTAssertEqual(file.settings, [ConfigFile.Setting(key: "width", value: "60", line: 8)])
    }

    func testCRLFLinesAndIndentedCommentsAndSpaces() {
        let file = ConfigFile(text: "  # indented comment\r\nwidth   72\r\n\ttheme\tlight \r\n\r\n")
        XCTAssertEqual(file.warnings, [])
        XCTAssertEqual(file.settings, [ConfigFile.Setting(key: "width", value: "72", line: 2),
                                       ConfigFile.Setting(key: "theme", value: "light", line: 3)])
    }

    func testMapAndUnmapLines() {
        let file = ConfigFile(text: "map ctrl+x next_page\nmap J next_page\nunmap space\nmap j quit\nmap G\nmap ctrl+1 quit\nmap z fly\nunmap\n")
        XCTAssertEqual(file.warnings, [
            "config:5: map takes a key and an action: 'map KEY ACTION'",
            "config:6: unknown key name 'ctrl+1'",
            "config:7: unknown action 'fly'",
            "config:8: unmap takes one key: 'unmap KEY'",
        ])
        let map = file.keyMap
        XCTAssertEqual(map.translate(.control("x")), .pageDown)
        XCTAssertEqual(map.translate(.character("J")), .pageDown)
        XCTAssertEqual(map.translate(.character(" ")), nil, "unmapped")
        XCTAssertEqual(map.translate(.character("j")), .character("q"), "a default key moved to another action")
        XCTAssertEqual(map.translate(.character("f")), .character("f"), "a default binding passes as it is")
        XCTAssertEqual(map.translate(.wheelDown), .wheelDown, "not a key of the map")
        XCTAssertEqual(map.translate(.character("z")), .character("z"))
        XCTAssertEqual(map.keys(for: .nextPage).map(KeyName.name), ["f", "pgdn", "right", "ctrl+f", "J", "ctrl+x"])
    }

    func testKeyNames() {
        let names: [String: Input] = ["ctrl+F": .control("f"), "alt+left": .alt(.left), "space": .character(" "),
                                      "enter": .enter, "tab": .tab, "shift+tab": .backTab, "pgdn": .pageDown,
                                      "page_down": .pageDown, "home": .home, "end": .end, "up": .up, "?": .character("?"),
                                      "G": .character("G"), "esc": .escape]
        for (name, input) in names { XCTAssertEqual(KeyName.input(name), input, name) }
        for bad in ["ctrl+", "ctrl+ab", "f13", "", "shift+x"] { XCTAssertNil(KeyName.input(bad), bad) }
        for action in KeyAction.allCases {
            for key in action.defaultKeys { XCTAssertEqual(KeyName.input(KeyName.name(KeyName.input(key)!)), KeyName.input(key)) }
        }
    }

    func testEveryDefaultKeyIsBoundOnce() {
        let keys = KeyAction.allCases.flatMap(\.defaultKeys).map { KeyName.input($0)! }
        XCTAssertEqual(keys.count, Set(keys).count)
        XCTAssertTrue(KeyMap().isDefault)
        for input in keys { XCTAssertEqual(KeyMap().translate(input), input) }
    }

    func testLayersWinInOrder() {
        var settings = EffectiveSettings()
        XCTAssertEqual(settings.arguments, [])
        settings.apply(config: ConfigFile(text: "width 72\njustify on\ntheme light\n"))
        let book = ConfigFile(settings: ["justify": "off", "width": "60", "theme": "sepia"], label: "book settings")
        XCTAssertEqual(book.warnings, ["book settings: bad value 'sepia' for key 'theme' (dark, light or plain)"])
        settings.apply(book.settings, source: "book")
        settings.apply([ConfigFile.Setting(key: "width", value: "50", line: 0)], source: "command line")
        XCTAssertEqual(settings.entries["width"], .init(value: "50", source: "command line"))
        XCTAssertEqual(settings.entries["justify"], .init(value: "off", source: "book"))
        XCTAssertEqual(settings.entries["theme"], .init(value: "light", source: "config:3"))
        XCTAssertEqual(settings.entries["wrap"], .init(value: "optimal", source: "default"))
        XCTAssertEqual(settings.arguments, ["--width=50", "--theme=light", "--justify=off"])
    }

    func testTheDefaultFileReadsBackWithoutAWarningOrAChange() {
        let file = ConfigFile(text: DefaultConfigText.text)
        XCTAssertEqual(file.warnings, [])
        XCTAssertEqual(Set(file.settings.map(\.key)), Set(ConfigKey.all.map(\.name)))
        var settings = EffectiveSettings()
        settings.apply(config: file)
        for key in ConfigKey.all { XCTAssertEqual(settings.entries[key.name]?.value, key.defaultValue) }
        XCTAssertTrue(file.keyMap.isDefault)
        XCTAssertEqual(file.bindings.count, KeyMap.defaults.count)
    }
}

/// Inputs of `fuzz-config` that once failed (`Fixtures/fuzz-regressions/config/`), checked
/// with the target's invariants: every warning names a line, every argument is one
/// `--name=value` (a value starting with "-" cannot pass for an option).
final class ConfigFuzzRegressionTests: XCTestCase {
    func testFuzzRegressions() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz-regressions/config")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let file = ConfigFile(text: text)
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.count
            for w in file.warnings {
                let n = Int(w.dropFirst("config:".count).prefix { $0 != ":" }) ?? 0
                XCTAssertTrue(w.hasPrefix("config:") && n >= 1 && n <= lines, "\(name): \(w)")
            }
            var settings = EffectiveSettings()
            settings.apply(config: file)
            for a in settings.arguments { XCTAssertTrue(a.hasPrefix("--") && a.contains("="), "\(name): \(a)") }
            XCTAssertNil(HyphenationChoice.parse("-sauto"), "a tag starts with a letter")
        }
    }
}
