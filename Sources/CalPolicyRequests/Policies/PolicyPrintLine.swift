import CalendarData
import Glibc
import PolicyEngine
import Rendering

/// A policy's `print` with `--verbose`: one stderr line `print <file>: <text>`, both
/// escaped by `TerminalText`, so a policy can neither split the line, send terminal
/// escapes nor start a line that looks like calpolicy's own `calpolicy: ` error.
/// Written at once, straight to fd 2 (not through a console's buffer), so it lands
/// where the policy ran. Both faces use it (the server with `--verbose`).
public enum PolicyPrintLine {
    /// The handler for `LuaPolicyOptions.print`: nil (print dropped) unless verbose.
    public static func handler(verbose: Bool) -> PolicyPrint? {
        guard verbose else { return nil }
        return { file, text in write(line(file: file, text: text)) }
    }

    public static func line(file: String, text: String) -> String {
        "print " + (file.isEmpty ? "" : TerminalText.escape(file) + ": ") + TerminalText.escape(text) + "\n"
    }

    private static func write(_ line: String) {
        DescriptorWrite.all(Array(line.utf8), to: 2)
    }
}
