import CMalloc

/// Memory the program has freed, given back to the system.
///
/// glibc keeps what a thread frees in that thread's arena: pages in the middle of an
/// arena stay resident for good, and an arena is only reused by a thread started later.
/// The background jobs of an open (the parse's second thread, loading the hyphenation
/// patterns, storing the parse, decoding the next page's pictures) each free most of what
/// they allocate, and the reader's peak was the sum of what they left (docs/PERFORMANCE.md,
/// "Memory the background jobs leave").
public enum FreedMemory {
    /// Returns the whole free pages of every arena to the system (`malloc_trim(0)`: the
    /// arenas are locked one after the other; ~1 ms for the pager's heap under `strace -T`,
    /// sixteen `madvise` calls).
    public static func release() {
        _ = malloc_trim(0)
    }
}
