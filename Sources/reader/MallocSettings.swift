import CMalloc

/// The reader's settings of glibc's allocator: made at the start of `main` for the
/// commands, and by the full-screen reader once its first frame is out (the setting costs
/// that frame ~0.5–1 ms of page faults, and the memory it saves is the background work's).
/// Applying it twice is harmless.
enum MallocSettings {
    /// Blocks of this size and more are mapped on their own and unmapped when freed.
    static let ownMappingThreshold: Int32 = 64 * 1024

    /// glibc maps a large block on its own, but after the first such block is freed it
    /// raises that threshold to the block's size (up to 32 MB), and the trim threshold to
    /// twice it: from then on chapters, pictures and layouts freed by the background
    /// threads stay in their arenas. A fixed threshold turns that off. Measured with
    /// `Tools/bench/memory-bench.py` (docs/PERFORMANCE.md, "Start-up, freed memory and the
    /// XML check"): the full-screen reader's peak 1–4 MB lower on the corpus's EPUBs.
    static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, ownMappingThreshold)
    }
}
