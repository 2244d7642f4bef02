/// The key reference shown by `?` (also in docs/KEYS.md).
public enum KeyHelp {
    /// One line per key binding.
    public static let lines: [String] = [
        "Reading",
        "  Space  f  PgDn  →      next page",
        "  b  PgUp  ←  Backspace  previous page",
        "  j  ↓  Enter            one line down",
        "  k  ↑                   one line up",
        "  d  /  u                half a page down / up",
        "  ]  /  [                next chapter / start of chapter (again: previous)",
        "  g  Home  /  G  End     start / end of the book",
        "  mouse wheel            scroll",
        "",
        "Finding your way",
        "  t                      table of contents (j/k, Enter jumps, Esc closes)",
        "  /pattern Enter         search (regular expression; lower case ignores case)",
        "  n  /  N                next / previous match, across chapters",
        "  m                      add a bookmark here",
        "  '                      list bookmarks (Enter jumps, d deletes)",
        "  :chapter 12            go to chapter 12 (also :12)",
        "  :offset 123456         go to a byte offset of the text",
        "  :42%                   go to 42% of the book",
        "",
        "  ?                      this help (any key closes)",
        "  q                      quit (the position is saved)",
    ]
}
