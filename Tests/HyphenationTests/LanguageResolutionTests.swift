import Hyphenation
import XCTest

final class LanguageResolutionTests: XCTestCase {
    func testTagsParse() {
        func parts(_ tag: String) -> [String?]? {
            LanguageTag(tag).map { [$0.language, $0.script, $0.region] }
        }
        XCTAssertEqual(parts("en"), ["en", nil, nil])
        XCTAssertEqual(parts("en-US"), ["en", nil, "US"])
        XCTAssertEqual(parts("en_gb"), ["en", nil, "GB"])
        XCTAssertEqual(parts("EN-GB"), ["en", nil, "GB"])
        XCTAssertEqual(parts("de-1996"), ["de", nil, nil])
        XCTAssertEqual(parts("de-CH-1901"), ["de", nil, "CH"])
        XCTAssertEqual(parts("pt-BR"), ["pt", nil, "BR"])
        XCTAssertEqual(parts("sr-Latn"), ["sr", "Latn", nil])
        XCTAssertEqual(parts("sr-latn-rs"), ["sr", "Latn", "RS"])
        XCTAssertEqual(parts("es-419"), ["es", nil, "419"])
        XCTAssertEqual(parts("en_US.UTF-8@euro"), ["en", nil, "US"])
        XCTAssertEqual(parts("en-x-private-US"), ["en", nil, nil])
        XCTAssertEqual(parts("nb-NO"), ["nb", nil, "NO"])
        for bad in ["", "und", "zxx", "e", "english", "12"] {
            XCTAssertNil(LanguageTag(bad), bad)
        }
    }

    func testCandidatesGoFromTheMostToTheLeastPrecise() {
        XCTAssertEqual(LanguageTag("en")!.candidates, ["en", "en_US"])
        XCTAssertEqual(LanguageTag("en-GB")!.candidates, ["en_GB", "en", "en_US"])
        XCTAssertEqual(LanguageTag("sr-Latn-RS")!.candidates, ["sr_Latn_RS", "sr_Latn", "sr_RS", "sr"])
        XCTAssertEqual(LanguageTag("no")!.candidates, ["no", "no_NO", "nb", "nb_NO", "nn", "nn_NO"])
        XCTAssertEqual(LanguageTag("nb-NO")!.candidates, ["nb_NO", "nb", "no_NO", "no", "nn_NO", "nn"])
    }

    func testTheLibraryPicksTheBestFileInAFolder() {
        let folder = PatternFolder()
        for stem in ["en_US", "en_GB", "pt_BR", "de", "sr_Latn", "sr", "nb_NO", "nn_NO"] { folder.write(stem, PatternFolder.small) }
        let library = HyphenationLibrary(directory: folder.path)
        func stem(_ tag: String) -> String? { library.hyphenator(for: tag)?.name }
        XCTAssertEqual(stem("en"), "en_US")            // the language's default region
        XCTAssertEqual(stem("en-GB"), "en_GB")
        XCTAssertEqual(stem("en_GB"), "en_GB")
        XCTAssertEqual(stem("en-AU"), "en_US")         // no en_AU, no en: the default
        XCTAssertEqual(stem("pt"), "pt_BR")            // the only file of the language
        XCTAssertEqual(stem("pt-PT"), "pt_BR")
        XCTAssertEqual(stem("de-1996"), "de")
        XCTAssertEqual(stem("de-CH"), "de")
        XCTAssertEqual(stem("sr-Latn"), "sr_Latn")
        XCTAssertEqual(stem("sr"), "sr")
        XCTAssertEqual(stem("nb"), "nb_NO")
        XCTAssertEqual(stem("nn-NO"), "nn_NO")
        XCTAssertEqual(stem("no"), "nb_NO")            // Norwegian: Bokmål first
        XCTAssertNil(stem("xx"))
        XCTAssertEqual(library.availableLanguages(), ["de", "en-GB", "en-US", "nb-NO", "nn-NO", "pt-BR", "sr", "sr-Latn"])
        XCTAssertTrue(library.hyphenator(for: "en-US") === library.hyphenator(for: "en"))   // one load per file
    }

    func testNoPatternsGivesAReasonToShowOnce() {
        let library = HyphenationLibrary(directory: PatternFolder().path)
        guard case .unavailable(let problem) = library.lookup("xx-YY") else { return XCTFail("patterns for xx?") }
        XCTAssertEqual(problem.description, "hyphenation: no patterns for xx-YY")
        XCTAssertFalse(problem.isWarning)
        XCTAssertEqual(Hyphenation.problem(for: "xx")?.description, "hyphenation: no patterns for xx")
        XCTAssertEqual(Hyphenation.problem(for: "")?.description, "hyphenation: no language in ''")
        XCTAssertNil(Hyphenation.problem(for: "en"))
        XCTAssertEqual(Hyphenation.points(in: "hyphenation", language: "xx"), [])
        XCTAssertTrue(library.warnings.isEmpty)
    }

    func testTheSystemFolderHasTheInstalledLanguages() {
        let languages = Hyphenation.availableLanguages()
        for tag in ["de-DE", "en-GB", "en-US", "es-ES", "fr", "it-IT", "nl-NL", "pl-PL", "pt-BR", "pt-PT", "ru-RU", "sv-SE"] {
            XCTAssertTrue(languages.contains(tag), tag)
        }
        XCTAssertEqual(languages, languages.sorted())
        XCTAssertEqual(HyphenationLibrary.system.patternFile(for: "en"), "/usr/share/hyphen/hyph_en.dic")
        XCTAssertEqual(HyphenationLibrary.system.patternFile(for: "pt-BR"), "/usr/share/hyphen/hyph_pt_BR.dic")
        XCTAssertNil(HyphenationLibrary.system.patternFile(for: "xx"))
    }
}
