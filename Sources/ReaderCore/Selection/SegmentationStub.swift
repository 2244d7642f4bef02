// TEMPORARY: stands in for TextLayout's UAX #29 segmentation (helper branch `words`)
// until it is merged; removed then.
struct WordSegment: Hashable, Sendable {
    var range: Range<Int>
    var isWord: Bool
}

enum WordBoundaries {
    static func words(in utf8: UnsafeBufferPointer<UInt8>, dictionary: Bool = true) -> [WordSegment] {
        let text = String(decoding: utf8, as: UTF8.self)
        var out: [WordSegment] = []
        var at = 0
        var current: (start: Int, word: Bool)?
        for ch in text {
            let n = ch.utf8.count
            let word = ch.isLetter || ch.isNumber || ch == "'"
            if let c = current, c.word == word, word || ch.isWhitespace {
            } else {
                if let c = current { out.append(WordSegment(range: c.start..<at, isWord: c.word)) }
                current = (at, word)
            }
            at += n
        }
        if let c = current { out.append(WordSegment(range: c.start..<at, isWord: c.word)) }
        return out
    }
}

enum SentenceBoundaries {
    static func starts(in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: ".") || utf8[i] == UInt8(ascii: "!") || utf8[i] == UInt8(ascii: "?") {
                var j = i + 1
                while j < utf8.count && utf8[j] == UInt8(ascii: " ") { j += 1 }
                if j > i + 1 && j < utf8.count { starts.append(j) }
                i = j
            } else { i += 1 }
        }
        return starts
    }
}
