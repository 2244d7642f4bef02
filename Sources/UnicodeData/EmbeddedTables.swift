import CUnicodeTables

/// The check that the tables `CUnicodeTables` embeds are the ones the generated Swift files
/// describe (both come from one run of `Tools/unicode/generate.py`).
enum EmbeddedTables {
    /// Stops the program if the embedded table `table` does not have `bytes` bytes: a
    /// lookup past its end would read other data.
    static func check(_ table: Int, bytes: Int) {
        precondition(reader_unicode_table_bytes(Int32(table)) == bytes, "the embedded Unicode table \(table) does not match the generated sizes")
    }
}
