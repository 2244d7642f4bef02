/// The safety limits of the dictionary readers (docs/DICTIONARIES.md, "Damaged files"):
/// anything beyond them is refused with a warning, never read without bound.
public enum DictionaryLimits {
    /// The longest entry text kept, in bytes (a longer one is cut here, with a warning).
    public static let entryBytes = 256 * 1024
    /// The largest index file (.index, .idx, .syn) read.
    public static let indexBytes = 512 * 1024 * 1024
    /// The largest data file a plain gzip (no dictzip chunk table) may inflate to.
    public static let wholeGzipBytes = 128 * 1024 * 1024
    /// The largest .ifo file read.
    public static let ifoBytes = 64 * 1024
    /// The largest dictzip chunk length accepted (dictzip writes 58,315).
    public static let chunkBytes = 1024 * 1024
    /// The longest headword compared, in bytes (StarDict's limit is 256).
    public static let headwordBytes = 1024
    /// The most entries one dictionary gives for one word (the index lines past it are not read).
    public static let entriesPerWord = 64
    /// How many inflated dictzip chunks are kept.
    public static let cachedChunks = 6
}
