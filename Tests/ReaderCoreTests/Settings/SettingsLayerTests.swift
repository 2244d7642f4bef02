import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// Changing settings while reading: `+`/`-`/`=` width, `c` theme, the `o` panel. Each
/// change lays the text out again at once, keeps the reading position, says what it did
/// and is recorded for the host to save with the book.
final class SettingsLayerTests: XCTestCase {
    func model(columns: Int = 100, width: Int = 60, settings: ReadingSettings = ReadingSettings()) -> ReaderModel {
        let m = ReaderModel(content: PagerTests.book(chapters: 3, paragraphs: 30), position: ByteOffset(2000), columns: columns,
                            rows: 20, preferredWidth: width, settings: settings)
        _ = m.snapshot
        return m
    }

    /// Opens the panel and moves down to `setting`.
    func select(_ setting: ReaderSetting, in m: ReaderModel) {
        m.handle(.character("o"))
        for _ in 0..<ReaderSetting.allCases.firstIndex(of: setting)! { m.handle(.down) }
    }

    func testPlusAndMinusChangeTheWidthKeepThePlaceAndAreRecorded() {
        let m = model()
        let place = m.position
        XCTAssertEqual(m.handle(.character("+")), [.settingsChanged])
        XCTAssertEqual(m.textWidth, 64)
        XCTAssertEqual(m.layoutOptions.width, 64, "laid out again at the new width")
        XCTAssertEqual(m.settings.changed["width"], "64")
        XCTAssertEqual(m.message, "Text width 64")
        XCTAssertEqual(m.content.chapterIndex(containing: m.position), m.content.chapterIndex(containing: place))
        XCTAssertLessThanOrEqual(abs(m.position.rawValue - place.rawValue), 200, "the same text stays at the top")
        m.handle(.character("-"))
        m.handle(.character("-"))
        XCTAssertEqual(m.textWidth, 56)
        XCTAssertEqual(m.settings.changed["width"], "56")
        m.handle(.character("="))
        XCTAssertEqual(m.textWidth, 60, "= goes back to the width the reader started with")
        XCTAssertNil(m.settings.changed["width"], "the default is not a change to remember")
    }

    func testTheWidthStopsAtTheTerminalAndAtTheNarrowest() {
        let m = model(columns: 40, width: 30)
        for _ in 0..<5 { m.handle(.character("+")) }
        XCTAssertEqual(m.textWidth, 36, "40 columns less the margins")
        XCTAssertEqual(m.handle(.character("+")), [], "nothing changed")
        XCTAssertEqual(m.message, "The text is as wide as this terminal allows (36)")
        for _ in 0..<10 { m.handle(.character("-")) }
        XCTAssertEqual(m.textWidth, ReadingContext.narrowest)
        XCTAssertEqual(m.message, "The text is as narrow as it goes (16)")
    }

    func testInTheRevealPlusAndMinusSetTheSpeedNotTheWidth() {
        let m = model()
        m.startReveal(at: 0)
        let rate = m.reveal!.settings.rate
        m.handle(.character("+"), at: 0.1)
        XCTAssertEqual(m.textWidth, 60)
        XCTAssertGreaterThan(m.reveal!.settings.rate, rate)
    }

    func testCCyclesTheThemes() {
        let m = model(settings: ReadingSettings(theme: .dark))
        var seen: [ThemeName] = []
        for _ in 0..<3 {
            XCTAssertEqual(m.handle(.character("c")), [.settingsChanged])
            seen.append(m.settings.theme)
        }
        XCTAssertEqual(seen, [.light, .plain, .dark])
        XCTAssertEqual(m.settings.changed["theme"], "dark")
        XCTAssertEqual(m.message, "Theme: dark")
    }

    func testThePanelChangesOptionsLiveAndShowsThePageBehindIt() throws {
        let m = model()
        let place = m.position
        m.handle(.character("o"))
        XCTAssertTrue(m.topLayer is SettingsLayer)
        let panel = try XCTUnwrap(m.snapshot.views.compactMap { $0 as? SettingsView }.first)
        XCTAssertEqual(panel.rows.map(\.title), ReaderSetting.allCases.map(\.title))
        XCTAssertTrue(m.snapshot.views.contains { $0 is TextPage }, "the page shows through")
        // Down to "Justify", turn it on.
        let justify = ReaderSetting.allCases.firstIndex(of: .justify)!
        for _ in 0..<justify { m.handle(.down) }
        XCTAssertEqual(m.handle(.right), [.settingsChanged])
        XCTAssertTrue(m.layoutOptions.justify)
        XCTAssertEqual(m.settings.changed, ["justify": "on"])
        XCTAssertEqual(m.snapshot.views.compactMap { $0 as? SettingsView }.first?.rows[justify].value, "on")
        // Indent: 0 → 1 → 0 again (then recorded as 0: the reader changed it).
        m.handle(.down)
        m.handle(.enter)
        XCTAssertEqual(m.layoutOptions.firstLineIndent, 1)
        m.handle(.left)
        XCTAssertEqual(m.layoutOptions.firstLineIndent, 0)
        XCTAssertEqual(m.settings.changed["indent"], "0")
        XCTAssertLessThanOrEqual(abs(m.position.rawValue - place.rawValue), 200)
        m.handle(.escape)
        XCTAssertFalse(m.topLayer is SettingsLayer)
    }

    func testHyphenationCanBeTurnedOnOnlyWhenTheBookHasPatterns() {
        let without = model()
        select(.hyphenate, in: without)
        XCTAssertEqual(without.handle(.right), [], "no patterns to turn on")
        XCTAssertEqual(without.message, "Hyphenation: no other value here")
        final class Never: WordHyphenating { func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {} }
        let setting = HyphenationSetting(language: "en-us", patterns: "p", hyphenator: Never())
        let with = model(settings: ReadingSettings(hyphenation: setting))
        select(.hyphenate, in: with)
        XCTAssertEqual(with.handle(.right), [.settingsChanged])
        XCTAssertEqual(with.layoutOptions.hyphenation, setting)
        XCTAssertEqual(with.settings.changed["hyphenate"], "auto")
    }

    func testDirectionAndShapingChangeTheOptionsButNoLine() {
        let m = model()
        select(.direction, in: m)
        m.handle(.right)
        XCTAssertEqual(m.layoutOptions.direction, .leftToRight)
        XCTAssertEqual(m.settings.changed["direction"], "ltr")
        m.handle(.down)
        m.handle(.right)
        XCTAssertFalse(m.layoutOptions.arabicShaping)
        XCTAssertEqual(m.settings.changed["arabic-shaping"], "off")
    }

    func testMarginsNarrowTheTextWhenItReachesTheTerminal() {
        let m = model(columns: 60, width: 80)
        XCTAssertEqual(m.textWidth, 56, "two cells each side by default")
        select(.margin, in: m)
        for _ in 0..<3 { m.handle(.right) }
        XCTAssertEqual(m.settings.margin, 5)
        XCTAssertEqual(m.textWidth, 50)
        XCTAssertEqual(m.settings.changed["margin"], "5")
        for _ in 0..<10 { m.handle(.left) }
        XCTAssertEqual(m.settings.margin, 0)
        XCTAssertEqual(m.textWidth, 60)
        XCTAssertEqual(m.handle(.left), [], "no margin under 0")
        let narrow = model(columns: 30, width: 80, settings: ReadingSettings(margin: 8))
        XCTAssertEqual(narrow.textWidth, 30, "a margin that would leave the text under 20 cells is dropped")
    }

    func testTheStatusLineFieldsStepThroughThePresets() {
        let m = model()
        XCTAssertEqual(m.statusFields, .standard)
        select(.status, in: m)
        XCTAssertEqual(m.handle(.right), [.settingsChanged])
        XCTAssertTrue(m.statusFields.shows(.timeLeftBook))
        XCTAssertEqual(m.settings.changed["status"], "title,chapter,percent,time-left-chapter,time-left-book")
        XCTAssertEqual(StatusFields(parsing: m.settings.changed["status"]!), m.statusFields, "the saved text reads back")
        m.handle(.left)
        m.handle(.left)
        XCTAssertEqual(m.statusFields, StatusFields(fields: []))
        XCTAssertEqual(m.settings.changed["status"], "none")
    }

    /// Writing: auto follows the book (lines for this one), then lines, then columns; each
    /// recorded under the config key, and the place kept.
    func testWritingStepsThroughAutoLinesAndColumns() {
        let m = model()
        m.followChapterWritingModes()
        let place = m.position
        select(.writingMode, in: m)
        XCTAssertEqual(ReaderSetting.writingMode.value(in: m.context), "auto")
        XCTAssertEqual(m.handle(.right), [.settingsChanged])
        XCTAssertEqual(m.settings.changed["writing-mode"], "horizontal")
        XCTAssertFalse(m.context.followsChapterModes)
        m.handle(.right)
        XCTAssertEqual(m.settings.changed["writing-mode"], "vertical")
        XCTAssertTrue(m.context.isVertical)
        XCTAssertEqual(m.position, place)
        m.handle(.right)
        XCTAssertEqual(m.settings.changed["writing-mode"], "auto")
        XCTAssertTrue(m.context.followsChapterModes)
        XCTAssertFalse(m.context.isVertical, "auto: this book asks for lines")
    }
}
