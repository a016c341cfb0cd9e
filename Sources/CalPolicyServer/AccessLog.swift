import CalendarData
import Glibc
import Rendering

/// stderr: the access log and the server's own lines, each at most
/// `TerminalText.maxLineBytes` (4 KiB, cut with `...`), whatever a client sends.
///
/// Every line is escaped by `TerminalText`, the escaper of the terminal output (C0, C1,
/// DEL, U+2028/2029, bidi and invisible format characters become `\u{XX}`): request paths,
/// query values, headers and policy messages are untrusted, and a log line must stay one line
/// that cannot move the cursor or reorder itself on a terminal or in a log viewer. Lines of a
/// request go through `requests`, a `LogSink` (never blocking a request); the few lines of
/// starting, reloading and stopping are written at once with one `write` each.
enum AccessLog {
    static let requests = LogSink(name: "access", fd: 2)

    /// A request's line (and anything said while answering one): buffered, dropped if stderr stalls.
    static func request(_ text: String) {
        requests.append(TerminalText.line(text))
    }

    /// A line of the server's own, written now.
    static func line(_ text: String) {
        var bytes = Array(TerminalText.line(text).utf8)
        bytes.append(0x0A)
        DescriptorWrite.all(bytes, to: 2)
    }
}
