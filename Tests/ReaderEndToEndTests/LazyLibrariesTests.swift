import Foundation
import XCTest

/// The C libraries that read formats, decode pictures, hyphenate and break Thai are loaded
/// when first needed, not at start-up (docs/ARCHITECTURE.md, "Libraries loaded on first
/// use"): checked on the built binary with the dynamic loader's own trace (`LD_DEBUG=files`
/// prints a `file=NAME` line for every library it loads), and a broken library on
/// `LD_LIBRARY_PATH` gives one line naming it and exit status 10.
final class LazyLibrariesTests: XCTestCase {
    /// The sonames' stems of every library behind a wrapper of `Tools/lazy/generate.py`
    /// (glib comes with libchafa, libicudata with libicuuc).
    static let lazyLibraries = ["libxml2.so", "libzip.so", "libmobi.so", "libcmark-gfm.so", "libcmark-gfm-extensions.so",
                                "libturbojpeg.so", "libpng16.so", "libwebp.so", "libwebpdemux.so", "libgif.so",
                                "libchafa.so", "libglib-2.0.so", "libhyphen.so", "libicuuc.so", "libicudata.so"]

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the reader with the loader's trace on, its XDG folders in `folder` (kept
    /// between the calls of one test); the outcome and the libraries it loaded.
    func traced(_ arguments: [String], extra: [String: String] = [:]) throws -> (ReaderRun.Outcome, Set<String>) {
        let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
                           "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                           "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                           "PATH": "/usr/bin:/bin", "LD_DEBUG": "files"].merging(extra) { $1 }
        let outcome = try ReaderRun.run(TmuxSessionTests.binary, arguments, environment: environment)
        var loaded = Set<String>()
        for line in outcome.stderr.split(separator: "\n") {
            guard let range = line.range(of: "file=") else { continue }
            let name = line[range.upperBound...].prefix { $0 != " " && $0 != ";" && $0 != "[" }
            loaded.insert(String(name.split(separator: "/").last ?? name))
        }
        XCTAssertFalse(loaded.isEmpty, "the loader's trace is missing: \(outcome.stderr.prefix(300))")
        return (outcome, loaded)
    }

    /// The libraries of `loaded` that are lazy ones.
    func lazy(in loaded: Set<String>) -> [String] {
        loaded.filter { name in Self.lazyLibraries.contains { name.hasPrefix($0) } }.sorted()
    }

    func testStartingLoadsNoneOfThem() throws {
        let (outcome, loaded) = try traced(["--version"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(lazy(in: loaded), [], "loaded at start-up")
        XCTAssertTrue(loaded.contains { $0.hasPrefix("libc.so") }, "the trace names what is loaded: \(loaded)")
    }

    func testAnEPUBLoadsItsLibrariesWhenParsedAndNotWhenItsParseIsCached() throws {
        let book = TmuxSessionTests.fixtures.appendingPathComponent("epub/epub3-features.epub").path
        let (cold, coldLoaded) = try traced(["dump", "--hyphenate", "off", book])
        XCTAssertEqual(cold.status, 0, cold.stderr)
        XCTAssertTrue(cold.stdout.count > 100)
        XCTAssertTrue(lazy(in: coldLoaded).contains { $0.hasPrefix("libxml2.so") }, "\(coldLoaded)")
        XCTAssertTrue(lazy(in: coldLoaded).contains { $0.hasPrefix("libzip.so") }, "\(coldLoaded)")
        // The same dump again: the parse comes from the content cache, the layout from the
        // layout cache (the whole-book dump stored both).
        let (warm, warmLoaded) = try traced(["dump", "--hyphenate", "off", book])
        XCTAssertEqual(warm.status, 0, warm.stderr)
        XCTAssertEqual(warm.stdout, cold.stdout)
        // Nor ICU: the layout cache's key carries the headers' ICU version (icu_line_break.c).
        XCTAssertEqual(lazy(in: warmLoaded), [], "a cached book needs no format library, nor ICU")
    }

    func testHyphenationLoadsLibhyphenOnlyWhenAsked() throws {
        let book = TmuxSessionTests.fixtures.appendingPathComponent("sample/sample.txt").path
        let (off, offLoaded) = try traced(["dump", "--hyphenate", "off", "--width", "30", book])
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertFalse(offLoaded.contains { $0.hasPrefix("libhyphen") })
        let (on, onLoaded) = try traced(["dump", "--hyphenate", "en-us", "--width", "30", book])
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertTrue(onLoaded.contains { $0.hasPrefix("libhyphen") }, "\(onLoaded)")
    }

    func testABrokenLibraryIsOneLineNamingItsPackageAndExitStatus10() throws {
        // The loader looks in LD_LIBRARY_PATH first: an empty file there is a library it cannot load.
        let soname = try Self.soname(of: "libzip")
        let broken = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data().write(to: broken.appendingPathComponent(soname))
        let book = TmuxSessionTests.fixtures.appendingPathComponent("epub/epub3-features.epub").path
        let outcome = try ReaderRun.reader(["dump", book], environment: ["LD_LIBRARY_PATH": broken.path])
        XCTAssertEqual(outcome.status, 10, outcome.stderr)
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "one line: \(outcome.stderr.debugDescription)")
        XCTAssertTrue(outcome.stderr.hasPrefix("reader: cannot load \(soname), needed for EPUB archives (install the Debian package libzip"),
                      outcome.stderr)
        XCTAssertEqual(outcome.stdout, "", "nothing printed of a book that could not be read")
        // A TXT needs no library: the same environment reads it.
        let txt = TmuxSessionTests.fixtures.appendingPathComponent("sample/sample.txt").path
        let fine = try ReaderRun.reader(["dump", "--hyphenate", "off", txt], environment: ["LD_LIBRARY_PATH": broken.path])
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    /// The soname the generated wrappers open for `stem` (read from the generated source,
    /// so the test follows a new Debian release's soname).
    static func soname(of stem: String) throws -> String {
        let source = TmuxSessionTests.fixtures.deletingLastPathComponent()
            .appendingPathComponent("Sources/LazyBookLibraries/\(stem).c")
        let text = try String(contentsOf: source, encoding: .utf8)
        let match = try XCTUnwrap(text.range(of: #"lazy_library \w+ = \{ "([^"]+)""#, options: .regularExpression),
                                  "no lazy_library line in \(source.path)")
        return String(text[match].split(separator: "\"")[1])
    }
}
