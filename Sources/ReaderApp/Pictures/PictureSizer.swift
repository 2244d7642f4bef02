import Images
import TerminalGraphics
import TextContent
import TextLayout

/// How many cells each image of a book takes (issue #19): reads an image's header once
/// (never decoding it) and fits its pixels into the text column with `ImageFit`. An image
/// that cannot be read or drawn (missing, corrupt, SVG) keeps its placeholder; the first
/// such problem is kept for one warning per book.
public final class PictureSizer: @unchecked Sendable {
    /// Where the images' bytes come from.
    public let images: PictureSource
    /// A character cell in pixels.
    public private(set) var cell: CellSize
    /// Whether pictures are enlarged to the most cells they may take (the pages of a
    /// fixed-layout book fill the screen); else they keep their natural size when it fits.
    public let enlarges: Bool
    private var headers: [String: ImageHeader?] = [:]
    /// Images that keep their placeholder, and the first reason.
    public private(set) var failures = 0
    public private(set) var firstProblem: String?

    /// A sizer for the images `images` reads, in cells of `cell` pixels.
    public init(images: PictureSource, cell: CellSize, enlarges: Bool = false) {
        self.images = images
        self.cell = cell
        self.enlarges = enlarges
    }

    /// The box `image` takes in at most `maxColumns` × `maxRows` cells, or nil (placeholder).
    public func box(for image: ImageReference, maxColumns: Int, maxRows: Int) -> PictureBox? {
        guard let header = header(of: image.source) else { return nil }
        let cells = ImageFit.cells(pixelWidth: header.width, pixelHeight: header.height, cell: cell,
                                   maxColumns: maxColumns, maxRows: maxRows, enlarge: enlarges)
        return PictureBox(columns: cells.columns, rows: cells.rows)
    }

    /// The header of `source`, read once; nil when it cannot be drawn.
    public func header(of source: String) -> ImageHeader? {
        if let known = headers[source] { return known }
        var found: ImageHeader?
        do {
            // (SVG is refused by the header read itself: `.unsupportedFormat(.svg)`.)
            let header = try ImageHeader.read(try images.bytes(of: source))
            if header.width * header.height > ImageLimits.maxPixels {
                throw ImageError.tooManyPixels(width: header.width, height: header.height, limit: ImageLimits.maxPixels)
            }
            found = header
        } catch {
            failures += 1
            if firstProblem == nil { firstProblem = "\(source): \(PictureSource.describe(error))" }
        }
        headers[source] = found
        return found
    }
}
