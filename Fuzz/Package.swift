// swift-tools-version:5.10
import PackageDescription

// libFuzzer targets for reader (docs/FUZZING.md). A separate package so that the root
// `swift build` / `make test` never builds them. Build and run with Tools/fuzz/run.sh:
//   swift build -c debug -Xswiftc -sanitize=fuzzer,address
// Each target defines `LLVMFuzzerTestOneInput` and its top-level code hands it to
// `LLVMFuzzerRunDriver` (FuzzSupport), so libFuzzer's own `main` is not used.
let package = Package(
    name: "reader-fuzz",
    dependencies: [.package(name: "reader", path: "..")],
    targets: [
        // The declaration of libFuzzer's LLVMFuzzerRunDriver.
        .target(name: "FuzzSupport"),
        // The checks the book-reading targets make on every book they get.
        .target(name: "BookChecks", dependencies: [.product(name: "TextContent", package: "reader")]),
        // bytes → a temp .epub → EPUBReader (zip + OPF/NCX/nav XML + XHTML).
        .executableTarget(name: "fuzz-epub", dependencies: ["FuzzSupport", "BookChecks",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → FB2Reader (libxml2 SAX2 XML, encodings, entities, the walker); a zip → .fb2.zip.
        .executableTarget(name: "fuzz-fb2", dependencies: ["FuzzSupport", "BookChecks",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → TXT encoding detection, decoding, structure and chapter detection.
        .executableTarget(name: "fuzz-txt", dependencies: ["FuzzSupport",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → options + text → TextLayout, checking the layout invariants.
        .executableTarget(name: "fuzz-layout", dependencies: ["FuzzSupport",
            .product(name: "TextLayout", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → LineCollectionCodec.decode and TextContentCodec.decode (reject, never crash).
        .executableTarget(name: "fuzz-cachedecode", dependencies: ["FuzzSupport",
            .product(name: "LayoutCache", package: "reader"),
            .product(name: "TextLayout", package: "reader"),
            .product(name: "TextContent", package: "reader"),
            .product(name: "Support", package: "reader"),
        ]),
        // bytes → direction, width + text → Bidi.resolve, visual orders, shaping, placement.
        .executableTarget(name: "fuzz-bidi", dependencies: ["FuzzSupport",
            .product(name: "TextLayout", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → WordBoundaries.segments (both dictionary modes), SentenceBoundaries.starts.
        .executableTarget(name: "fuzz-segmentation", dependencies: ["FuzzSupport",
            .product(name: "TextLayout", package: "reader"),
        ]),
        // bytes → vertical columns (height, indent, readings, upright runs, text): issue #23.
        .executableTarget(name: "fuzz-vertical", dependencies: ["FuzzSupport",
            .product(name: "TextLayout", package: "reader"),
        ]),
        // bytes → a hyphenation pattern file + words → HyphenationLibrary, Hyphenator.points.
        .executableTarget(name: "fuzz-hyphenation", dependencies: ["FuzzSupport",
            .product(name: "Hyphenation", package: "reader"),
        ]),
        // bytes → a text + a notes file or a stored highlight → NotesDocument, HighlightAnchoring.
        .executableTarget(name: "fuzz-notes", dependencies: ["FuzzSupport",
            .product(name: "ReaderApp", package: "reader"),
            .product(name: "ReaderState", package: "reader"),
        ]),
        // bytes → a config file's text → ConfigFile, the layered settings, the key map.
        .executableTarget(name: "fuzz-config", dependencies: ["FuzzSupport",
            .product(name: "ReaderApp", package: "reader"),
            .product(name: "ReaderCore", package: "reader"),
        ]),
        // bytes → a stylesheet / style declarations → TextEmphasisCSS (text-emphasis classes).
        .executableTarget(name: "fuzz-css", dependencies: ["FuzzSupport",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → HTMLReader (charset, head metadata, walker, heading chapters).
        .executableTarget(name: "fuzz-html", dependencies: ["FuzzSupport", "BookChecks",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → MarkdownReader (front matter, cmark-gfm + extensions, walker).
        .executableTarget(name: "fuzz-markdown", dependencies: ["FuzzSupport", "BookChecks",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → MOBIReader (PalmDatabaseCheck, libmobi, the rebuilt parts through XHTMLWalker).
        .executableTarget(name: "fuzz-mobi", dependencies: ["FuzzSupport",
            .product(name: "BookFormats", package: "reader"),
            .product(name: "TextContent", package: "reader"),
        ]),
        // bytes → ImageHeader.read + ImageDecoder.decode (PNG, JPEG, GIF, WebP) with a small limit and target size.
        .executableTarget(name: "fuzz-image", dependencies: ["FuzzSupport",
            .product(name: "Images", package: "reader"),
        ]),
        // bytes → dictd / StarDict / dictzip files → DictionaryShelf lookups and longest matches.
        .executableTarget(name: "fuzz-dictionary", dependencies: ["FuzzSupport",
            .product(name: "Dictionaries", package: "reader"),
        ]),
        // bytes → JSONParser (a generic tree) and JSONTextDecoder (a state-like Codable type),
        // re-encoded with JSONTextEncoder and read back when accepted.
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport",
            .product(name: "Support", package: "reader"),
        ]),
        // bytes → KeyDecoder in chunks, with flushes.
        .executableTarget(name: "fuzz-keys", dependencies: ["FuzzSupport",
            .product(name: "Terminal", package: "reader"),
            .product(name: "TerminalGraphics", package: "reader"),
        ]),
    ]
)
