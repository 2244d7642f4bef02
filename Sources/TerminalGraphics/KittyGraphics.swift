import Support

/// The kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole): escape sequences that
/// send a picture once under an id, show it over a rectangle of cells, and delete it.
///
/// Pictures go as raw 32-bit RGBA (`f=32`), base64 in chunks of 4096 bytes (`m=1` on
/// every chunk but the last), with `q=2` so the terminal never answers (an answer would
/// arrive as input). Displaying scales the picture to `columns` × `rows` cells; the cursor
/// does not move (`C=1`). See https://sw.kovidgoyal.net/kitty/graphics-protocol/.
public enum KittyGraphics {
    /// Largest base64 payload of one escape sequence (the protocol's limit).
    public static let chunkSize = 4096

    /// Sends `rgba` (`width` × `height`, straight alpha) under `id` without showing it;
    /// `compressed`: deflated with zlib (`o=z`), which the protocol requires terminals to
    /// accept (a photo shrinks by about half, flat art far more).
    public static func transmit(id: UInt32, width: Int, height: Int, rgba: [UInt8], compressed: Bool = false) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "RGBA size")
        if compressed, let deflated = Deflate.compress(rgba) {
            return chunked("a=t,f=32,o=z,s=\(width),v=\(height),i=\(id),q=2", payload: Base64.encode(deflated))
        }
        return chunked("a=t,f=32,s=\(width),v=\(height),i=\(id),q=2", payload: Base64.encode(rgba))
    }

    /// Shows the picture `id` with its top left at the cursor, scaled to `columns` × `rows`
    /// cells, as placement `placement` (a later `place` with the same ids moves it). With
    /// `source`, only that rectangle of the picture's pixels is shown (kitty's `x,y,w,h`
    /// keys: a tall picture scrolled through shows the rows on screen).
    public static func place(id: UInt32, placement: UInt32 = 1, columns: Int, rows: Int,
                             source: (x: Int, y: Int, width: Int, height: Int)? = nil) -> [UInt8] {
        let rect = source.map { ",x=\($0.x),y=\($0.y),w=\(max(1, $0.width)),h=\(max(1, $0.height))" } ?? ""
        return Array("\u{1B}_Ga=p,i=\(id),p=\(placement)\(rect),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\".utf8)
    }

    /// Removes placement `placement` of picture `id` from the screen, keeping the picture
    /// in the terminal (a later `place` shows it again without sending it).
    public static func removePlacement(id: UInt32, placement: UInt32 = 1) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
    }

    /// Deletes the picture `id` and its placements, freeing its memory in the terminal.
    public static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Deletes every picture this program sent (on quitting).
    public static func deleteAll() -> [UInt8] {
        Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
    }

    /// The query a terminal that speaks the protocol answers (`a=q` with a 1×1 picture,
    /// id 31): `ESC _G i=31;OK ESC \`. Unlike the others it is sent without `q=2`.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    /// Whether `answer` (bytes read back from the terminal) holds the OK to `query`.
    public static func answersQuery(_ answer: [UInt8]) -> Bool {
        String(decoding: answer, as: UTF8.self).containsBytes("\u{1B}_Gi=31;OK")
    }

    private static func chunked(_ control: String, payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / chunkSize * 16 + 64)
        var start = payload.startIndex
        var first = true
        repeat {
            let end = min(start + chunkSize, payload.endIndex)
            let more = end < payload.endIndex ? 1 : 0
            out += Array("\u{1B}_G\(first ? control + "," : "")m=\(more);".utf8)
            out += payload[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
            first = false
        } while start < payload.endIndex
        return out
    }
}
