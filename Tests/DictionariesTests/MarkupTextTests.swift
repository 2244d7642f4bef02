import XCTest
@testable import Dictionaries

/// HTML, Pango markup and XDXF to text.
final class MarkupTextTests: XCTestCase {
    func testHTML() {
        XCTAssertEqual(MarkupText.text("<p>first para</p><p>second&nbsp;para<br>broken line</p><script>alert(1)</script>", kind: .html),
                       "first para\nsecond\u{00A0}para\nbroken line\n")
        XCTAssertEqual(MarkupText.text("a\n  b <b>c</b>", kind: .html), "a b c", "white space collapsed")
        XCTAssertEqual(MarkupText.text("<style>p { x: y }</style>text", kind: .html), "text")
        XCTAssertEqual(MarkupText.text("cut <b", kind: .html), "cut ", "an unclosed tag is dropped")
    }

    func testPangoKeepsLineBreaks() {
        XCTAssertEqual(MarkupText.text("<b>bold</b> and <i>italic</i>\nsecond line &amp; more", kind: .pango),
                       "bold and italic\nsecond line & more")
    }

    func testXDXF() {
        XCTAssertEqual(MarkupText.text("<k>xdxf</k>\n<tr>ˈeks</tr> <def>a format<ex>an example</ex></def>", kind: .xdxf),
                       "xdxf\n[ˈeks]\na format\nan example\n")
    }

    func testEntities() {
        XCTAssertEqual(MarkupText.decodeEntities("&lt;tag&gt; &#x41;&#66; &unknown; &amp;amp; & alone &#xD800;"),
                       "<tag> AB &unknown; &amp; & alone &#xD800;")
    }
}
