import Foundation
import LayoutCache
import ReaderCore
import ReaderState
import Storage
import TextLayout
import XCTest
@testable import ReaderApp

/// Vertical text and the layout cache through the session (issue #23): a vertical session
/// fills the cache in the background, and the next session's pages come from it.
final class VerticalLayoutProviderTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-vertical-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAVerticalSessionFillsTheCacheAndTheNextOneReadsIt() throws {
        let path = ReaderLoopTests.fixtures.appendingPathComponent("epub/conformance/vertical-ja.epub").path
        let first = try BookSession.open(path, directories: directories, store: MemoryPositionStore())
        XCTAssertTrue(first.content.metadata.verticalWriting)
        let height = 15
        XCTAssertNil(first.layouts.verticalLayout(height: height, readings: true), "nothing cached yet")
        first.settleVertical(height: height, readings: true)
        let cache = LayoutCache(cacheRoot: directories.cache)
        let key = VerticalLayoutKey(bookKey: first.key, height: height, readings: true, content: first.content)
        var file: CachedVerticalLayout?
        for _ in 0..<200 where file == nil {   // the background fill: wait for its file (at most 10 s)
            file = cache.openVertical(key, content: first.content)
            if file == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let stored = try XCTUnwrap(file, "the vertical layout was stored")
        XCTAssertEqual(stored.chapterCount, first.content.chapters.count)

        let second = try BookSession.open(path, directories: directories, store: MemoryPositionStore())
        let model = second.makeModel(columns: 40, rows: height + 1, layout: LayoutOptions(width: 40))
        XCTAssertNotNil(model.verticalSource)
        model.setWritingMode(.vertical)
        XCTAssertEqual(model.verticalLayoutSize?.height, height)
        for c in second.content.chapters.indices {
            XCTAssertEqual(second.layouts.columns(height: height, readings: true, chapter: c),
                           VerticalPages.columns(ofChapter: c, in: second.content, height: height), "chapter \(c)")
        }
        XCTAssertNil(second.layouts.columns(height: height + 1, readings: true, chapter: 0), "another height is not cached")
    }
}
