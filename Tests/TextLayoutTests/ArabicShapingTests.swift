import TextLayout
import XCTest

/// Arabic joining into presentation forms, on known words.
final class ArabicShapingTests: XCTestCase {
    func hex(_ s: String) -> [String] { s.unicodeScalars.map { String(format: "%04X", $0.value) } }

    func testSalam() {
        // س initial, ل + ا the final lam-alef ligature, م isolated (alef does not join forward).
        XCTAssertEqual(hex(ArabicShaping.shaped("سلام")), ["FEB3", "FEFC", "FEE1"])
    }

    func testLamAlefAlone() {
        XCTAssertEqual(hex(ArabicShaping.shaped("لا")), ["FEFB"])
        XCTAssertEqual(hex(ArabicShaping.shaped("لأ")), ["FEF7"])
        XCTAssertEqual(hex(ArabicShaping.shaped("لإ")), ["FEF9"])
        XCTAssertEqual(hex(ArabicShaping.shaped("لآ")), ["FEF5"])
    }

    func testAllah() {
        // ا isolated, ل initial, ل medial, ه final.
        XCTAssertEqual(hex(ArabicShaping.shaped("الله")), ["FE8D", "FEDF", "FEE0", "FEEA"])
    }

    func testHarakatAreTransparent() {
        // اللّٰه with shadda and superscript alef: marks kept, forms as without them.
        XCTAssertEqual(hex(ArabicShaping.shaped("الل\u{651}\u{670}ه")), ["FE8D", "FEDF", "FEE0", "0651", "0670", "FEEA"])
        // بِسْمِ: ب initial, س medial, م final, the harakat in place.
        XCTAssertEqual(hex(ArabicShaping.shaped("بِسْمِ")), ["FE91", "0650", "FEB4", "0652", "FEE2", "0650"])
    }

    func testLamAlefWithMarkBetween() {
        // لَا: the fatha stays after the ligature; the alef is absorbed.
        let shaped = ArabicShaping.shape(Array("لَا".unicodeScalars))
        XCTAssertEqual(shaped.map { $0.map { String(format: "%04X", $0.value) } ?? "nil" }, ["FEFB", "064E", "nil"])
    }

    func testWordsAreSeparatedBySpaces() {
        // "في البيت": ف initial, ي final; space; ا isolated, ل initial, ب medial, ي medial, ت final.
        XCTAssertEqual(hex(ArabicShaping.shaped("في البيت")),
                       ["FED3", "FEF2", "0020", "FE8D", "FEDF", "FE92", "FEF4", "FE96"])
    }

    func testTatweelAndZeroWidthJoinerCauseJoining() {
        // ب before tatweel is initial; ZWJ after ه makes it initial (C joins).
        XCTAssertEqual(hex(ArabicShaping.shaped("بـ")), ["FE91", "0640"])
        XCTAssertEqual(hex(ArabicShaping.shaped("ه\u{200D}")), ["FEEB", "200D"])
        // ZWNJ (U) breaks joining.
        XCTAssertEqual(hex(ArabicShaping.shaped("ب\u{200C}ب")), ["FE8F", "200C", "FE8F"])
    }

    func testNonArabicIsUntouched() {
        XCTAssertEqual(ArabicShaping.shaped("Hello שלום"), "Hello שלום")
        XCTAssertFalse(ArabicShaping.mayNeedShaping("Hello שלום".unicodeScalars))
    }
}
