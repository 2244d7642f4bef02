import BookFormats
import Images
import TextContent

/// The cover `reader info` reports: where it is in the book, its format and pixel size
/// (read from the image's header, never decoded), or why it could not be read.
struct CoverInfo {
    var source: String
    var header: ImageHeader?
    var problem: String?

    /// The book's cover, nil when it names none.
    init?(_ content: TextContent, path: String) {
        guard let source = content.metadata.cover else { return nil }
        self.source = source
        do {
            let bytes = try BookResources.bytes(of: source, inBookAt: path, format: content.metadata.format)
            header = try ImageHeader.read(bytes)
        } catch let e as BookError {
            problem = e.message
        } catch let e as ImageError {
            problem = e.description
        } catch {
            problem = "\(error)"
        }
    }

    /// "JPEG 600×800 (OEBPS/images/cover.jpg)", or the source and the problem.
    var human: String {
        guard let h = header else { return "\(source) (\(problem ?? "unreadable"))" }
        return "\(h.format.displayName) \(h.width)×\(h.height) (\(source))"
    }

    /// `{"source": …, "format": …, "width": …, "height": …}` or `{"source": …, "error": …}`.
    var json: String {
        guard let h = header else { return "{\"source\": \(JSON.string(source)), \"error\": \(JSON.string(problem ?? "unreadable"))}" }
        return "{\"source\": \(JSON.string(source)), \"format\": \(JSON.string(h.format.displayName)), \"width\": \(h.width), \"height\": \(h.height)}"
    }
}
