import Foundation

/// A temporary folder of pattern files for one test, removed at the end.
final class PatternFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "hyphenation-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `hyph_<stem>.dic`.
    func write(_ stem: String, _ bytes: [UInt8]) {
        FileManager.default.createFile(atPath: "\(path)/hyph_\(stem).dic", contents: Data(bytes))
    }

    func write(_ stem: String, _ text: String) { write(stem, Array(text.utf8)) }

    /// A small valid file: "hyphenation" → hy-phen-ation with the English patterns' values.
    static let small = "UTF-8\nLEFTHYPHENMIN 2\nRIGHTHYPHENMIN 3\n1phen\nhy3ph\nhe2n\nhena4\nhen5at\n1na\nn2at\n1tio\n2io\no2n\n"
}
