/// Wraps an escape sequence for tmux's passthrough (`set -g allow-passthrough on`): the
/// sequence goes inside `ESC P tmux; … ESC \` with each of its ESC bytes doubled, and tmux
/// hands it to the outer terminal untouched.
public enum TmuxPassthrough {
    /// `sequence` wrapped for tmux.
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(sequence.count + sequence.count / 64 + 16)
        for b in sequence {
            if b == 0x1B { out.append(0x1B) }
            out.append(b)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
