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
        .library(name: "Support", targets: ["Support"]),
        .library(name: "Hyphenation", targets: ["Hyphenation"]),
        .library(name: "ReaderApp", targets: ["ReaderApp"]),
        .library(name: "ReaderCore", targets: ["ReaderCore"]),
        .library(name: "ReaderState", targets: ["ReaderState"]),
        .library(name: "Images", targets: ["Images"]),
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
        .library(name: "Dictionaries", targets: ["Dictionaries"]),
    ],
    targets: [
        // System libraries (apt: libxml2-dev, libzip-dev, libicu-dev).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip",
                       providers: [.apt(["libzip-dev"])]),
        // libmobi (apt: libmobi-dev): MOBI 6, KF8/AZW3, PalmDOC.
        .systemLibrary(name: "CMobi", pkgConfig: "libmobi", providers: [.apt(["libmobi-dev"])]),
        // cmark-gfm (apt: libcmark-gfm-dev, libcmark-gfm-extensions-dev): Markdown with tables.
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // libchafa (apt: libchafa-dev, libglib2.0-dev): pictures as Unicode symbol art.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        // zlib (apt: zlib1g-dev): deflate for kitty's compressed pictures.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libhyphen (apt: libhyphen-dev; patterns: hyphen-en-us, hyphen-de, …). No pkg-config file.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // ICU's line-break iterator behind a narrow C interface, for the benchmark only.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // ICU's dictionary-based line breaking (Thai, Lao, Khmer, Myanmar: UAX #14 class SA),
        // one iterator per thread and language, for TextLayout.
        .target(name: "CICUBreak", linkerSettings: [.linkedLibrary("icuuc")]),

        // Image decoders (docs/IMAGES.md): libjpeg-turbo's TurboJPEG (apt: libturbojpeg0-dev),
        // libpng's simplified API (libpng-dev), libwebp + libwebpdemux (libwebp-dev), giflib (libgif-dev).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIFLib", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),

        // Pure helpers shared by every layer: ByteWriter/ByteReader (varints), Digest (FNV-1a 64),
        // partitioningIndex (binary search). No Foundation, no I/O, no dependencies.
        .target(name: "Support"),
        // Files: atomic writes (durable or not), private folders, the XDG folders.
        .target(name: "Storage"),

        // Generated Unicode tables (Tools/unicode/generate.py → Sources/UnicodeData/Generated).
        .target(name: "UnicodeData", dependencies: ["Support"],
                swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]),
        // The book as one UTF-8 buffer + chapters, blocks, styles, source map.
        .target(name: "TextContent", dependencies: ["Support"]),
        // EPUB, TXT, FB2, MOBI/AZW3/PalmDOC, HTML and Markdown → TextContent.
        .target(name: "BookFormats", dependencies: ["Support", "TextContent", "CLibXML2", "CLibZip", "CMobi", "CCmark"]),
        // Hyphenation points of a word (libhyphen patterns per language, cached process-wide), soft hyphens.
        .target(name: "Hyphenation", dependencies: ["CHyphen"]),
        // Line breaking (dictionary breaks in SA runs from ICU), graphemes, cell widths, line fitting.
        .target(name: "TextLayout", dependencies: ["Support", "UnicodeData", "TextContent", "CICUBreak"]),
        // Pictures for terminals: kitty graphics, sixel (palette by median cut), iTerm2 inline
        // images, tmux passthrough, and symbol art through libchafa. Pure: bytes in, bytes out.
        .target(name: "TerminalGraphics", dependencies: ["CChafa", "CZlib"]),
        // A grid of cells and the diff that turns two frames into ANSI output (pure, no I/O).
        .target(name: "Screen"),
        // termios raw mode, alternate screen, signals, key decoding: the only module that talks to the tty.
        .target(name: "Terminal"),
        // Reader state, events → state, rendering state into a ScreenBuffer (pure).
        .target(name: "ReaderCore", dependencies: ["Support", "TextContent", "TextLayout", "Screen"]),
        // Reading positions and bookmarks on disk (XDG state dir, durable atomic writes).
        .target(name: "ReaderState", dependencies: ["Support", "Storage", "TextContent"]),
        // On-disk layout cache: one file per (book, options, engine) with LRU eviction.
        .target(name: "LayoutCache", dependencies: ["Support", "Storage", "TextContent", "TextLayout"]),
        // The application layer: BookSession (the one way to open a book), ReaderLoop (events
        // in, effects out, against a TerminalDevice and a MonotonicClock), position store.
        .target(name: "ReaderApp",
                dependencies: ["TextContent", "BookFormats", "TextLayout", "Hyphenation", "ReaderCore", "ReaderState", "LayoutCache", "Screen", "Storage", "Support", "Terminal", "Images", "TerminalGraphics", "Dictionaries"]),
        // Images (issue #19): format sniffing, headers without decoding, PNG/JPEG/GIF/WebP → RGBA8
        // within ImageLimits, area-average scaling. No drawing, no layout yet.
        .target(name: "Images", dependencies: ["CTurboJPEG", "CLibPNG", "CLibWebP", "CGIFLib"]),
        // Offline dictionaries (issue #21, docs/DICTIONARIES.md): dictd (.index + .dict/.dict.dz,
        // dictzip random access) and StarDict (.ifo/.idx/.dict[.dz]/.syn); lookup with case and
        // English inflection fallbacks, CJK longest match; entry text without control characters.
        .target(name: "Dictionaries", dependencies: ["CZlib", "Support"]),
        // Benchmark: first lookup (index load included) and later lookups in wn and gcide.
        .executableTarget(name: "dict-bench", dependencies: ["Dictionaries"]),
        // Benchmark: header, decode and decode-to-size times of image files.
        .executableTarget(name: "images-bench", dependencies: ["Images", "TerminalGraphics"]),
        // The command-line program.
        .executableTarget(name: "reader",
                          dependencies: ["TextContent", "BookFormats", "Images", "TextLayout", "ReaderCore", "ReaderApp", "ReaderState", "LayoutCache", "Screen", "Storage", "Terminal", "TerminalGraphics", "Dictionaries"]),
        // Benchmark: our layout vs ICU's line-break iterator, in the same process.
        .executableTarget(name: "layout-bench",
                          dependencies: ["TextLayout", "TextContent", "BookFormats", "CICU", "Hyphenation"]),

        // Benchmark: key press to frame (handle + render + diff) and bytes per page turn.
        .executableTarget(name: "pager-bench",
                          dependencies: ["BookFormats", "LayoutCache", "ReaderApp", "ReaderCore", "ReaderState", "Screen", "Storage", "Terminal", "TerminalGraphics", "TextLayout", "TextContent"]),

        // Benchmark: hyphenation points for every word of a book, first load and cached.
        .executableTarget(name: "hyphenation-bench", dependencies: ["Hyphenation"]),

        // Test helper: saves state in a loop, to be killed with SIGKILL by ReaderStateTests.
        .executableTarget(name: "state-writer", dependencies: ["ReaderState"]),
        // Test helper: adds library entries in a loop, run twice at once and SIGKILLed by ReaderStateTests.
        .executableTarget(name: "library-writer", dependencies: ["ReaderState"]),
        // Test helper: adds reading statistics in a loop (ReadingStatsCrashSafetyTests runs two at once and SIGKILLs it).
        .executableTarget(name: "stats-writer", dependencies: ["ReaderState"]),

        // Benchmark: reader add on 1,000 generated books (books/s), the bookshelf's first frame and scrolling.
        .executableTarget(name: "shelf-bench",
                          dependencies: ["TestSupport", "ReaderApp", "ReaderCore", "ReaderState", "Screen", "TerminalGraphics"]),

        // Helpers shared by the test targets and shelf-bench (a deterministic random
        // generator, golden bytes, generated EPUB and TXT books).
        .target(name: "TestSupport", dependencies: ["CLibZip"], path: "Tests/TestSupport"),
        .testTarget(name: "SupportTests", dependencies: ["TestSupport", "Support"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "UnicodeDataTests", dependencies: ["UnicodeData"]),
        .testTarget(name: "TextContentTests", dependencies: ["TestSupport", "TextContent"]),
        .testTarget(name: "BookFormatsTests", dependencies: ["TestSupport", "BookFormats", "TextContent", "TextLayout", "CLibZip"]),
        .testTarget(name: "ReaderStateTests", dependencies: ["TestSupport", "ReaderState", "state-writer", "library-writer", "stats-writer"]),
        .testTarget(name: "LayoutCacheTests", dependencies: ["TestSupport", "Support", "LayoutCache", "TextLayout", "TextContent"]),
        // The real binary in tmux: open, page, resize, search, quit, SIGTERM.
        .testTarget(name: "ReaderEndToEndTests", dependencies: ["reader"]),
        .testTarget(name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics"]),
        .testTarget(name: "ScreenTests", dependencies: ["TestSupport", "Screen"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        // The whole loop headless: BookSession on fixture books, an in-memory terminal, a manual clock.
        .testTarget(name: "ReaderAppTests", dependencies: ["TestSupport", "ReaderApp", "ReaderCore", "ReaderState", "Storage", "Terminal", "Screen", "TextContent", "TextLayout", "BookFormats", "Dictionaries"]),
        .testTarget(name: "ReaderCoreTests", dependencies: ["TestSupport", "ReaderCore", "TextContent", "TextLayout", "Screen"],
                    exclude: ["Golden"]),   // read from the source tree (#filePath), not bundled
        .testTarget(name: "HyphenationTests", dependencies: ["TestSupport", "Hyphenation"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "CTurboJPEG"]),
        .testTarget(name: "DictionariesTests", dependencies: ["Dictionaries"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TestSupport", "TextLayout", "TextContent", "UnicodeData", "BookFormats"]),
    ]
)
