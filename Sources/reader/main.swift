import Glibc
import Support

/// Program version (also in docs and `reader --version`).
let readerVersion = "0.1.0"

let usage = """
    reader — an offline terminal novel reader

    Usage:
      reader [BOOK] [options]          read BOOK full-screen, at the saved place (EPUB, FB2,
                                       MOBI/AZW3/PalmDOC, HTML, Markdown or TXT);
                                       without BOOK, the bookshelf (the library);
                                       prints the text when stdout is not a terminal
      reader -r | last [options]       reopen the last book read (or the bundled sample)
      reader add DIR|BOOK…             add every book file under DIR to the library
      reader list [--json] [--sort recent|title|author|progress]   print the library
      reader stats [BOOK] [--json]     reading time per book and per day, reading speed
      reader info BOOK [--json]        metadata and chapter list
      reader notes BOOK [--format md|json]   the book's highlights and notes (Markdown or JSON)
      reader notes import BOOK FILE    merge highlights from a `notes --format json` file
      reader dump BOOK [options]       print the laid-out text
      reader cache build|verify|stats|clear   parsed books and whole-book layouts on disk (build [-w N]... [--height N]... [-j J] BOOK...)
      reader define WORD… [--json] [--dictionaries NAMES]
                                       look words up in the installed dictionaries (dictd,
                                       StarDict); NAMES orders them (wn,gcide; -NAME leaves one out)
      reader config [BOOK] [options]   the settings in effect and where each comes from
      reader config --default          a commented default config file to start from
      reader config --path             where the config file is read from
      reader --help | --version

    Layout options (reader, dump):
      -w, --width N|auto               text column width in cells (default, auto: 80)
      -c, --chapter N                  start at chapter N (1-based)
          --offset B                   start at the line containing text byte offset B
      -n, --lines K                    print at most K lines (dump)
          --line-break strict|normal|loose   CJK line breaking (default strict)
          --indent N                   first-line indent of paragraphs, in cells
          --compact[=on|off]           no blank line between paragraphs
          --justify[=on|off]           stretch lines to the full width
          --wrap optimal|greedy        choose a paragraph's breaks together (even lines; the
                                       default) or fill each line in turn
          --hyphenate auto|off|LANG    hyphenate with --wrap optimal, in the book's language
                                       (auto, the default), none, or LANG (e.g. en-GB)
          --ruby above|inline|off      readings (furigana) and emphasis dots on a row above the
                                       line (default), in parentheses after the text, or not shown
          --color                      styles with ANSI escapes (dump)
          --encoding NAME              TXT encoding (iconv name), overriding detection
          --direction ltr|rtl|auto     paragraph direction (default auto: from the book and text)
          --arabic-shaping on|off      join Arabic letters (presentation forms; default on)
          --logical                    right-to-left text in logical, not visual, order (dump)
          --writing-mode horizontal|vertical|auto
                                       text in lines or in columns right to left (reader:
                                       auto, vertical when the book asks for it; V switches;
                                       dump: pages of --height N rows, default 24, --pages K)
          --notes inline|end|off       print notes after their references, or at each chapter's
                                       end (dump, and reader when piped; default off)
      -p, --percent P                  start at P% of the book (reader)
          --theme dark|light|plain     colours (reader; NO_COLOR gives plain)
          --margin N                   least blank cells each side of the text (reader; default 2)
          --status FIELDS              status-line fields, comma-separated: title, chapter,
                                       percent, time-left-chapter, time-left-book, or none
                                       (default title,chapter,percent,time-left-chapter)
          --clipboard-command osc52|CMD
                                       where y copies a selection: the terminal's clipboard
                                       (OSC 52, the default) or CMD's standard input
          --images auto|kitty|sixel|iterm|symbols|off
                                       how pictures are drawn (reader; default auto: asked of
                                       the terminal; piped output has placeholders)
          --fit page|width             a fixed-layout book's pages: each whole on the screen
                                       (default), or as wide as the text, scrolled (z inside)

    Paced reveal (reader; r toggles it inside):
          --reveal[=RATE|on|off]       typewriter mode: RATE characters a second (default 30)
                                       or NNNwpm (1 word = 6 characters); note the '='
          --no-pauses[=on|off]         no pause after sentences and paragraphs
          --reveal-wait SECONDS        wait before the next page (default 1.5)
          --reveal-catch-up[=on|off]   after Ctrl-Z or sleep, count the stopped time

    Keys: ? inside the reader lists them (also docs/KEYS.md).
    Settings and key bindings: $XDG_CONFIG_HOME/reader/config (default ~/.config/reader/config;
    docs/CONFIG.md); the command line wins over a book's own settings, which win over the file.
    State: $XDG_STATE_HOME/reader (default ~/.local/state/reader).

    Exit codes:
      0 ok · 1 internal error · 2 bad usage · 3 file missing or unreadable
      4 not a readable book · 5 undecodable text or unknown encoding
      6 safety limit exceeded · 7 output error · 8 word not found (define)
      9 not a notes file (notes import) · 10 a needed library is missing

    """

func run(_ argv: [String]) -> ExitCode {
    do {
        switch argv.first ?? "" {   // the cases before `-r` are `namesCommand`'s
        case "--help", "-h", "help":
            var out = Output()
            out.write(usage)
            out.flush()
        case "--version", "-V":
            var out = Output()
            out.write("reader \(readerVersion)\n")
            out.flush()
        case "info":
            try InfoCommand.run(Array(argv.dropFirst()))
        case "dump":
            try DumpCommand.run(Array(argv.dropFirst()))
        case "cache":
            try CacheCommand.run(Array(argv.dropFirst()))
        case "config":
            try ConfigCommand.run(Array(argv.dropFirst()))
        case "add":
            try AddCommand.run(Array(argv.dropFirst()))
        case "list":
            try ListCommand.run(Array(argv.dropFirst()))
        case "stats":
            try StatsCommand.run(Array(argv.dropFirst()))
        case "notes":
            try NotesCommand.run(Array(argv.dropFirst()))
        case "define":
            try DefineCommand.run(Array(argv.dropFirst()))
        case "-r", "last":
            try ReadCommand.run(Array(argv.dropFirst()), last: true)
        default:
            try ReadCommand.run(argv)
        }
        return .ok
    } catch let e as CLIError {
        Diagnostics.error(e.message)
        return e.exitCode
    } catch {
        Diagnostics.error("internal error: \(error)")
        return .internalError
    }
}

/// With `READER_STATS=1` in the environment, prints the process's peak resident memory
/// (VmHWM) to stderr on exit: the benchmark scripts read it (a parent's wait4 ru_maxrss
/// would include the parent's own pages copied by fork). Then what is resident at exit,
/// split: anonymous memory (the process's own) and file pages (code of the program and
/// its libraries, shared with the page cache).
func reportStats() {
    guard getenv("READER_STATS") != nil, let bytes = try? FileSystem.read("/proc/self/status"),
          let status = String(validating: bytes, as: UTF8.self) else { return }
    func field(_ name: String) -> String? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
        return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
    }
    guard let peak = field("VmHWM") else { return }
    Diagnostics.stats(peak)
    if let anon = field("RssAnon"), let file = field("RssFile") {
        Diagnostics.statsLine("resident-at-exit anon \(anon) file \(file)")
    }
}

/// Whether `first` names a command (`run`'s cases); any other first argument runs the
/// reader, which may be full-screen.
func namesCommand(_ first: String) -> Bool {
    switch first {
    case "--help", "-h", "help", "--version", "-V", "info", "dump", "cache", "config", "add", "list", "stats", "notes",
         "define":
        return true
    default:
        return false
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
// The reader sets it itself: after its first frame, or at once when it prints (ReadCommand).
if namesCommand(arguments.first ?? "") { MallocSettings.apply() }
let code = run(arguments)
reportStats()
exit(code.rawValue)
