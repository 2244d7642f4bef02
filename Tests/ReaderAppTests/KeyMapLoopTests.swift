import ReaderCore
import Terminal
import XCTest
@testable import ReaderApp

/// The config file's key map in the running loop: a mapped key does its action, an
/// unmapped default key does nothing, and keys typed into a prompt are not mapped.
extension ReaderLoopTests {
    func keyMapSettings(_ text: String) -> ReaderLoopSettings {
        let file = ConfigFile(text: text)
        XCTAssertEqual(file.warnings, [])
        return ReaderLoopSettings(keyMap: file.keyMap)
    }

    func testAMappedKeyTurnsThePage() throws {
        let h = try open(settings: keyMapSettings("map ctrl+x next_page\nmap x quit\n"))
        try h.loop.draw()
        let first = h.model.position
        h.device.send(.key(KeyEvent(.character("x"), modifiers: .control)))
        try h.play()
        XCTAssertGreaterThan(h.model.position, first)
        let plain = try open(settings: ReaderLoopSettings())
        try plain.loop.draw()
        plain.device.send(.key(KeyEvent(.character("x"), modifiers: .control)))
        try plain.play()
        XCTAssertEqual(plain.model.position, first, "without the map Ctrl-X does nothing")
    }

    func testAnUnmappedDefaultKeyDoesNothing() throws {
        let h = try open(settings: keyMapSettings("unmap space\nunmap f\n"))
        try h.loop.draw()
        let first = h.model.position
        h.device.type(" f")
        try h.play()
        XCTAssertEqual(h.model.position, first)
        h.device.send(.key(KeyEvent(.pageDown)))
        try h.play()
        XCTAssertGreaterThan(h.model.position, first, "PgDn still turns the page")
    }

    func testKeysTypedIntoAPromptAreNotMapped() throws {
        // q quits in the reading layer, and is mapped to the next page here; typed after /
        // it is part of the pattern.
        let h = try open(settings: keyMapSettings("map q next_page\nunmap x\n"))
        try h.loop.draw()
        h.device.type("/xq")
        try h.play()
        XCTAssertTrue(h.status.contains("/xq"), h.status)
        XCTAssertTrue(h.model.topLayer is PromptLayer)
    }
}
