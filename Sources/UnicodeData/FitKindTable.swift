import CUnicodeTables

/// What the layout's fitter may do with each BMP code point, generated with the property
/// tables (`Tools/unicode/generate.py`, `fit_kind`) and embedded as read-only data: one
/// byte `(kind << 2) | width` a code point, the kinds and their rules in TextLayout's
/// `FitKind`. Built at run time before, it read all 256 KiB of the BMP property table on the
/// first layout; now a book reads only the pages of its own characters.
public enum FitKindTable {
    /// The table for U+0000…U+FFFF (64 KiB).
    public static let bmp: UnsafePointer<UInt8> = {
        EmbeddedTables.check(READER_FIT_KINDS_BMP, bytes: 0x10000)
        return reader_fit_kinds_bmp()
    }()
}
