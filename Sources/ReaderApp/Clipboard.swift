import Glibc
import Support

/// Where `y` in visual mode puts the selected text: the terminal's clipboard through OSC 52
/// (works over ssh, and in tmux with `set-clipboard on`), or a command the text is piped
/// to (`--clipboard-command`, e.g. `wl-copy`, `xclip -selection clipboard`).
public enum Clipboard: Hashable, Sendable {
    /// OSC 52 to the terminal.
    case terminal
    /// `/bin/sh -c COMMAND` with the text on its standard input.
    case command(String)

    /// The most text OSC 52 carries (terminals drop longer sequences: xterm's default
    /// limit is about a million bytes of base64).
    public static let maxTerminalBytes = 700_000

    /// The bytes that put `text` on the terminal's clipboard: `ESC ] 52 ; c ; BASE64 ESC \`.
    /// Base64 holds no control character, so nothing of the book reaches the terminal as
    /// a sequence; nil when the text is too long for OSC 52.
    public static func osc52(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxTerminalBytes else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Base64.encode(bytes) + [0x1B, 0x5C]
    }

    /// Runs the command with `text` on its standard input (its output thrown away, so the
    /// screen is not written over); returns an error message, nil when it succeeded.
    /// Waits at most `timeout` seconds, then stops it (SIGTERM).
    public static func run(_ command: String, text: String, timeout: Double = 5) -> String? {
        // A command that exits without reading all of it must give EPIPE, not SIGPIPE's end of the reader.
        signal(SIGPIPE, SIG_IGN)
        let shell: ShellCommand
        do throws(SystemError) { shell = try ShellCommand.start(command, input: Array(text.utf8)) } catch {
            return "Cannot run the clipboard command: \(error.reason)"
        }
        guard let status = shell.waitForExit(timeout: timeout) else {
            shell.terminate()
            return "The clipboard command did not finish in \(Int(timeout)) s"
        }
        return status == 0 ? nil : "The clipboard command failed (exit \(status))"
    }
}
