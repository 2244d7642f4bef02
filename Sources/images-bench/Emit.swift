import Foundation
import Images
import TerminalGraphics

/// `--emit sixel|kitty|iterm FILE --cells COLSxROWS [--cell WxH] [--upscale]`: writes the
/// protocol bytes that draw FILE fitted into COLS × ROWS cells of W × H pixels (default
/// 8 × 16) to stdout and nothing else, for real-terminal checks
/// (`Tools/check/xterm-images.sh`). The picture takes its natural size in cells
/// (`ImageFit`), or with `--upscale` as much of the box as its aspect ratio allows.
/// Returns the process's exit status.
func emit(_ name: String, file: String, cells: ImageSize, cell: CellSize, upscale: Bool) -> Int32 {
    do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let header = try ImageHeader.read(bytes)
        var natural = header.size
        if upscale {
            natural = header.size.fit(into: ImageSize(width: cells.width * cell.width, height: cells.height * cell.height),
                                      upscale: true)
        }
        let fit = ImageFit.cells(pixelWidth: natural.width, pixelHeight: natural.height, cell: cell,
                                 maxColumns: cells.width, maxRows: cells.height)
        let px = ImageFit.pixels(columns: fit.columns, rows: fit.rows, cell: cell)
        let out: [UInt8]
        switch name {
        case "sixel", "kitty":
            let image = try ImageDecoder.decode(bytes, targetSize: ImageSize(width: px.width, height: px.height))
            out = name == "sixel"
                ? SixelEncoder.encode(width: image.width, height: image.height, rgba: image.pixels)
                : KittyGraphics.transmit(id: 1, width: image.width, height: image.height, rgba: image.pixels)
                    + KittyGraphics.place(id: 1, columns: fit.columns, rows: fit.rows)
        case "iterm":
            out = ITermGraphics.inline(file: bytes, columns: fit.columns, rows: fit.rows)
        default:
            FileHandle.standardError.write(Data("images-bench: --emit takes sixel, kitty or iterm, not \(name)\n".utf8))
            return 2
        }
        FileHandle.standardOutput.write(Data(out))
        return 0
    } catch {
        FileHandle.standardError.write(Data("images-bench: \(file): \(error)\n".utf8))
        return 1
    }
}
