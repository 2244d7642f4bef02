import Foundation
import XCTest
@testable import Support

final class Base64Tests: XCTestCase {
    func testRFC4648Vectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(String(decoding: Base64.encode(Array(plain.utf8)), as: UTF8.self), encoded)
        }
    }

    func testAgreesWithFoundationOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            XCTAssertEqual(Base64.encode(bytes), Array(Data(bytes).base64EncodedData()), "length \(length)")
            XCTAssertEqual(Base64.encode(bytes[...]), Base64.encode(bytes))
        }
    }
}
