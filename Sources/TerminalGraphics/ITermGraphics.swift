import Support

/// iTerm2's inline images (iTerm2, WezTerm): the picture file itself (PNG, JPEG, GIF…),
/// base64 in one OSC 1337 sequence, drawn at the cursor over `columns` × `rows` cells.
/// There are no ids: a picture that stays on screen is simply not sent again.
/// See https://iterm2.com/documentation-images.html.
public enum ITermGraphics {
    /// The sequence that draws `file` (the encoded picture) over `columns` × `rows` cells,
    /// stretched to them (`preserveAspectRatio=0`: the layout already chose the box).
    public static func inline(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        var out = Array("\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
        out += Base64.encode(file)
        out.append(0x07)
        return out
    }
}
