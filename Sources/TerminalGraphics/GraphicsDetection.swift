import Support

/// Finds out which graphics protocol the terminal speaks, from the answers to a few
/// queries and the environment.
///
/// `queries` asks, in order: the kitty graphics query (`a=q`), `XTVERSION` (`CSI > 0 q`)
/// and the primary device attributes (DA1, `CSI c`). Every terminal answers DA1, and
/// answers come back in order, so once the DA1 answer is in (`isComplete`) the others
/// have arrived or never will; a terminal that says nothing within the caller's timeout
/// (100 ms) gets symbols. The choice (`choose`), first match wins:
/// 1. kitty answered OK → kitty (inside tmux only when passthrough let the answer through);
/// 2. iTerm2 (`TERM_PROGRAM=iTerm.app`, or XTVERSION says iTerm2) → iterm;
/// 3. DA1 lists attribute 4 (sixel) and we are not inside tmux → sixel;
/// 4. otherwise → symbols.
public enum GraphicsDetection {
    /// The bytes to write to the terminal before reading its answers.
    public static let queries: [UInt8] = KittyGraphics.query + Array("\u{1B}[>0q\u{1B}[c".utf8)

    /// Whether `answer` holds the DA1 reply (`CSI ? … c`), the last one to come.
    public static func isComplete(_ answer: [UInt8]) -> Bool { deviceAttributes(answer) != nil }

    /// The attributes of a DA1 reply in `answer` (`CSI ? 62 ; 4 ; 22 c` → [62, 4, 22]).
    public static func deviceAttributes(_ answer: [UInt8]) -> [Int]? {
        let s = Array(answer)
        var i = 0
        while i + 2 < s.count {
            if s[i] == 0x1B, s[i + 1] == UInt8(ascii: "["), s[i + 2] == UInt8(ascii: "?") {
                var j = i + 3
                while j < s.count, s[j] == UInt8(ascii: ";") || (0x30...0x39).contains(s[j]) { j += 1 }
                if j < s.count, s[j] == UInt8(ascii: "c") {
                    return String(decoding: s[(i + 3)..<j], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                }
            }
            i += 1
        }
        return nil
    }

    /// The terminal's name and version from an XTVERSION reply (`DCS > | kitty(0.26.5) ST`).
    public static func terminalVersion(_ answer: [UInt8]) -> String? {
        let s = String(decoding: answer, as: UTF8.self)
        guard let start = s.firstByteRange(of: "\u{1B}P>|") else { return nil }
        let rest = s[start.upperBound...]
        guard let end = rest.firstByteRange(of: "\u{1B}\\") else { return nil }
        return String(rest[..<end.lowerBound].unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
    }

    /// The protocol to use given the terminal's `answer` and the process `environment`.
    public static func choose(answer: [UInt8], environment: [String: String]) -> GraphicsProtocol {
        let inTmux = environment["TMUX"] != nil
        if KittyGraphics.answersQuery(answer) { return .kitty }
        let version = terminalVersion(answer) ?? ""
        if environment["TERM_PROGRAM"] == "iTerm.app" || version.hasPrefix("iTerm2") { return .iterm }
        if !inTmux, deviceAttributes(answer)?.contains(4) == true { return .sixel }
        return .symbols
    }
}
