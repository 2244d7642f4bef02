import CMalloc

/// The reader's settings of glibc's allocator, made once at the start of `main`, before
/// any thread exists.
enum MallocSettings {
    /// Blocks of this size and more are mapped on their own and unmapped when freed.
    static let ownMappingThreshold: Int32 = 64 * 1024

    /// glibc maps a large block on its own, but after the first such block is freed it
    /// raises that threshold to the block's size (up to 32 MB), and the trim threshold to
    /// twice it: from then on chapters, pictures and layouts freed by the background
    /// threads stay in their arenas. A fixed threshold turns that off. Measured with
    /// `Tools/bench/memory-bench.py` (docs/PERFORMANCE.md, "Freed memory handed back"): the
    /// full-screen reader's peak 1–3.4 MB lower on the corpus's EPUBs, no time lost.
    static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, ownMappingThreshold)
    }
}
