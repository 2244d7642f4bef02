// swift-tools-version:5.10
import PackageDescription

// reader — an offline terminal novel reader with its own text-layout engine.
// No package dependencies: only the toolchain and Debian C libraries (module maps).
let package = Package(
    name: "reader",
    products: [
        .executable(name: "reader", targets: ["reader"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "TextContent", targets: ["TextContent"]),
        .library(name: "BookFormats", targets: ["BookFormats"]),
        // For the fuzz targets in Fuzz/ (a separate package that depends on this one).
        .library(name: "LayoutCache", targets: ["LayoutCache"]),
        .library(name: "Terminal", targets: ["Terminal"]),
    ],
    targets: [
        // System libraries (apt: libxml2-dev, libzip-dev, libicu-dev for the benchmark only).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip",
                       providers: [.apt(["libzip-dev"])]),
        // ICU's line-break iterator behind a narrow C interface, for the benchmark only.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),

        // Generated Unicode tables (Tools/unicode/generate.py → Sources/UnicodeData/Generated).
        .target(name: "UnicodeData",
                swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]),
        // The book as one UTF-8 buffer + chapters, blocks, styles, source map.
        .target(name: "TextContent"),
        // EPUB and TXT → TextContent.
        .target(name: "BookFormats", dependencies: ["TextContent", "CLibXML2", "CLibZip"]),
        // Line breaking, graphemes, cell widths, line fitting.
        .target(name: "TextLayout", dependencies: ["UnicodeData", "TextContent"]),
        // A grid of cells and the diff that turns two frames into ANSI output (pure, no I/O).
        .target(name: "Screen"),
        // termios raw mode, alternate screen, signals, key decoding: the only module that talks to the tty.
        .target(name: "Terminal", dependencies: ["Screen"]),
        // Reader state, events → state, rendering state into a ScreenBuffer (pure).
        .target(name: "ReaderCore", dependencies: ["TextContent", "TextLayout", "Screen"]),
        // Reading positions and bookmarks on disk (XDG state dir, atomic writes).
        .target(name: "ReaderState", dependencies: ["TextContent"]),
        // On-disk layout cache: one file per (book, options, engine) with LRU eviction.
        .target(name: "LayoutCache", dependencies: ["TextContent", "TextLayout"]),
        // The command-line program.
        .executableTarget(name: "reader",
                          dependencies: ["TextContent", "BookFormats", "TextLayout", "ReaderCore", "ReaderState", "LayoutCache", "Screen", "Terminal"]),
        // Benchmark: our layout vs ICU's line-break iterator, in the same process.
        .executableTarget(name: "layout-bench",
                          dependencies: ["TextLayout", "TextContent", "BookFormats", "CICU"]),

        // Benchmark: key press to frame (handle + render + diff) and bytes per page turn.
        .executableTarget(name: "pager-bench",
                          dependencies: ["BookFormats", "ReaderCore", "Screen", "TextLayout", "TextContent"]),

        // Test helper: saves state in a loop, to be killed with SIGKILL by ReaderStateTests.
        .executableTarget(name: "state-writer", dependencies: ["ReaderState"]),

        // Helpers shared by the test targets (a deterministic random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "UnicodeDataTests", dependencies: ["UnicodeData"]),
        .testTarget(name: "TextContentTests", dependencies: ["TestSupport", "TextContent"]),
        .testTarget(name: "BookFormatsTests", dependencies: ["TestSupport", "BookFormats", "TextContent", "TextLayout", "CLibZip"]),
        .testTarget(name: "ReaderStateTests", dependencies: ["ReaderState", "TextContent", "state-writer"]),
        .testTarget(name: "LayoutCacheTests", dependencies: ["TestSupport", "LayoutCache", "TextLayout", "TextContent"]),
        // The real binary in tmux: open, page, resize, search, quit, SIGTERM.
        .testTarget(name: "ReaderEndToEndTests", dependencies: ["reader"]),
        .testTarget(name: "ScreenTests", dependencies: ["TestSupport", "Screen"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Screen"]),
        .testTarget(name: "ReaderCoreTests", dependencies: ["ReaderCore", "TextContent", "TextLayout", "Screen"],
                    exclude: ["Golden"]),   // read from the source tree (#filePath), not bundled
        .testTarget(name: "TextLayoutTests", dependencies: ["TestSupport", "TextLayout", "TextContent", "UnicodeData", "BookFormats"]),
    ]
)
