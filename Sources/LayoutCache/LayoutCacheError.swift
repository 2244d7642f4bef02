/// Errors of the layout cache. Loading never throws (a bad file is a miss); only
/// storing can fail, and a failed store leaves the cache as it was.
public enum LayoutCacheError: Error, Equatable, CustomStringConvertible {
    /// A file or folder could not be written.
    case cannotWrite(path: String, reason: String)
    /// The chapters given to `store` do not cover the text in order from offset 0, or
    /// do not have the key's options.
    case inconsistentChapters(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "\(path): cannot write layout cache: \(reason)"
        case .inconsistentChapters(let why): return "layout cache: inconsistent chapters: \(why)"
        }
    }
}
