/// Base64 decoding (apart from `Support.Base64`, the strict encoder of the graphics protocols) exactly as Foundation's `Data(base64Encoded:options: .ignoreUnknownCharacters)`
/// decodes (what read FB2 binaries before), damaged input included: a picture that showed
/// is the same bytes, one that did not still does not. Bytes outside the alphabet
/// (`A–Z a–z 0–9 + /`) and other than "=" are skipped; padding is required.
///
/// Foundation's decoder works on windows of 4 bytes, which shapes its answers to damaged
/// input (`BookFormatsTests/FoundationBase64Tests` checks these against Foundation itself):
/// * A window of 4 alphabet bytes gives 3 bytes. A window holding "=" ends the first pass.
///   A window that starts with skipped bytes drops those; one that starts with an alphabet
///   byte takes the next 4 alphabet bytes (an "=" before them ends the pass at the window).
/// * After the pass, a rest without alphabet bytes ends the decoding (nothing decoded at
///   all: nil). Otherwise fewer than 4 bytes left is an error, and the next 4 alphabet
///   bytes or padding are the last group ("QQ==" one byte, "QUI=" two); whatever follows
///   it is ignored ("QQ==QUJD" is "A").
enum FoundationBase64 {
    /// The decoded bytes, or nil for input Foundation refuses.
    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var decoder = Decoder(input: input)
        return decoder.run()
    }

    /// The 6-bit value of each byte, `invalid` outside the alphabet.
    private static let values: [UInt8] = (0...255).map { b -> UInt8 in
        switch UInt8(b) {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt8(b) - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt8(b) - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(b) - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return invalid
        }
    }
    private static let invalid: UInt8 = 0xFF
    private static let pad = UInt8(ascii: "=")

    private static func isAlphabet(_ b: UInt8) -> Bool { values[Int(b)] != invalid }

    private struct Decoder {
        let input: UnsafeBufferPointer<UInt8>
        var out: [UInt8] = []
        var i = 0

        init(input: UnsafeBufferPointer<UInt8>) {
            self.input = input
            out.reserveCapacity((input.count + 3) / 4 * 3)
        }

        mutating func run() -> [UInt8]? {
            guard firstPass() else { return nil }
            if i == input.count { return out }
            if !input[i...].contains(where: isAlphabet) { return out.isEmpty ? nil : out }
            guard i + 3 < input.count else { return nil }
            return lastGroup() ? out : nil
        }

        /// Whole groups of 4 from the start; false for an error.
        private mutating func firstPass() -> Bool {
            while i + 3 < input.count {
                let w = (input[i], input[i + 1], input[i + 2], input[i + 3])
                if isAlphabet(w.0) && isAlphabet(w.1) && isAlphabet(w.2) && isAlphabet(w.3) {
                    emit(w.0, w.1, w.2, w.3, count: 3)
                    i += 4
                } else if w.0 == pad || w.1 == pad || w.2 == pad || w.3 == pad {
                    return true
                } else if !isAlphabet(w.0) {
                    i += !isAlphabet(w.1) ? (!isAlphabet(w.2) ? (!isAlphabet(w.3) ? 4 : 3) : 2) : 1
                } else {
                    switch gatherGroup() {
                    case .group(let g): emit(g.bytes.0, g.bytes.1, g.bytes.2, g.bytes.3, count: 3)
                    case .padding: return true
                    case .short: return false
                    }
                }
            }
            return true
        }

        /// Up to 4 alphabet bytes (or "=" taken as "A") of a group, without an allocation.
        private struct Group {
            var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            var count = 0

            mutating func append(_ b: UInt8) {
                switch count {
                case 0: bytes.0 = b
                case 1: bytes.1 = b
                case 2: bytes.2 = b
                default: bytes.3 = b
                }
                count += 1
            }
        }

        private enum Gathered { case group(Group), padding, short }

        /// The 4 alphabet bytes from `i` (the first is one), skipping others; `.padding`
        /// (with `i` back at the start) when an "=" comes first.
        private mutating func gatherGroup() -> Gathered {
            let start = i
            var found = Group()
            found.append(input[i])
            i += 1
            while i < input.count && found.count < 4 {
                let b = input[i]
                i += 1
                if isAlphabet(b) { found.append(b) } else if b == pad { i = start; return .padding }
            }
            return found.count == 4 ? .group(found) : .short
        }

        /// The last group, at `i` with at least 4 bytes left; false for an error.
        private mutating func lastGroup() -> Bool {
            var padded2 = input[i + 2] == pad, padded3 = input[i + 3] == pad
            if !padded3 && padded2 && isAlphabet(input[i + 3]) { return false }
            let a = UInt8(ascii: "A")
            let quad = (input[i], input[i + 1], padded2 ? a : input[i + 2], padded3 ? a : input[i + 3])
            if isAlphabet(quad.0) && isAlphabet(quad.1) && isAlphabet(quad.2) && isAlphabet(quad.3) {
                emit(quad.0, quad.1, quad.2, quad.3, count: padded2 ? 1 : padded3 ? 2 : 3)
                return true
            }
            var found = Group()
            while i < input.count && found.count < 4 {
                let b = input[i]
                i += 1
                if isAlphabet(b) {
                    if found.count == 3 && padded2 { return false }
                    found.append(b)
                } else if b == pad {
                    guard found.count >= 2 else { return false }
                    if found.count == 2 { padded2 = true } else { padded3 = true }
                    found.append(a)
                }
            }
            if found.count == 0 { return true }
            guard found.count == 4 else { return false }
            emit(found.bytes.0, found.bytes.1, found.bytes.2, found.bytes.3, count: padded2 ? 1 : padded3 ? 2 : 3)
            return true
        }

        private mutating func emit(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, count: Int) {
            let v = UInt32(values[Int(a)]) << 18 | UInt32(values[Int(b)]) << 12 | UInt32(values[Int(c)]) << 6 | UInt32(values[Int(d)])
            out.append(UInt8(v >> 16))
            if count > 1 { out.append(UInt8(v >> 8 & 0xFF)) }
            if count > 2 { out.append(UInt8(v & 0xFF)) }
        }
    }
}
