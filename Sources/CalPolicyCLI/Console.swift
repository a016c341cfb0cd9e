import CalPolicyRequests
import CalendarCore
import Glibc
import Rendering

/// Where a command writes: buffered stdout and stderr plus the facts about the
/// terminal that decide colour. Buffered so a year of output is one write, and so
/// tests can run a command in-process and read what it printed. The real stdout is
/// written in chunks once the buffer passes `chunk` bytes, so a century of JSON is not
/// held in memory. Commands render after every policy answer is in, so nothing partial
/// reaches stdout before a policy error, except `eval --format csv|json`, which writes as
/// it evaluates (`EvalUseCase.write`: an error after its first run of days leaves the rows
/// before it).
final class Console: DocumentSink, @unchecked Sendable {
    private var outBytes: [UInt8] = []
    private(set) var err = ""
    let stdoutIsTerminal: Bool
    let environment: [String: String]
    /// The descriptor stdout goes to as it fills (nil: kept whole, for tests and capture).
    private let stream: Int32?
    static let chunk = DocumentChunk.size

    init(stdoutIsTerminal: Bool = false, environment: [String: String] = [:], streamingTo stream: Int32? = nil) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.environment = environment
        self.stream = stream
    }

    /// Writing to the real stdout (not a capture): only then may the process be replaced.
    var streams: Bool { stream != nil }

    /// Keeps `policies` alive until the process exits, when this is the real process (not a
    /// capture): releasing them at the end of the command closes each Lua state, freeing its
    /// objects one by one (~300,000 instructions of a month's cold start, 7 %) only for the
    /// process to end. Still reachable from a global, so leak checkers do not count them.
    func keepUntilExit(_ policies: [any DayPolicy]) {
        guard streams else { return }
        Console.kept.append(contentsOf: policies)
    }

    /// Touched only on the main thread of a CLI process, by `keepUntilExit`.
    nonisolated(unsafe) private static var kept: [any DayPolicy] = []

    /// What was written to stdout and not yet passed on (all of it when not streaming).
    var out: String { String(decoding: outBytes, as: UTF8.self) }

    /// `streaming: false`: kept whole until `flush` (one answer of `calpolicy repl`).
    static func standard(streaming: Bool = true) -> Console {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "LC_ALL", "LC_TIME", "LANG", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Console(stdoutIsTerminal: isatty(1) == 1, environment: environment, streamingTo: streaming ? 1 : nil)
    }

    func print(_ text: String) { write(text); write("\n") }

    func write(_ text: String) {
        outBytes.append(contentsOf: text.utf8)
        passOnIfFull()
    }

    func write(bytes: [UInt8]) {
        // A whole chunk with nothing before it goes out as it is: copying each megabyte of a
        // long `eval` into this buffer first was a tenth of its time (and, the first time, a
        // megabyte of fresh pages).
        if let stream, outBytes.isEmpty, bytes.count >= Console.chunk {
            StandardStreams.writeAll(bytes, to: stream)
            return
        }
        outBytes.append(contentsOf: bytes)
        passOnIfFull()
    }

    private func passOnIfFull() {
        guard let stream, outBytes.count >= Console.chunk else { return }
        StandardStreams.writeAll(outBytes, to: stream)
        outBytes.removeAll(keepingCapacity: true)
    }
    func error(_ line: String) { err += line; err += "\n" }

    /// The stderr lines so far passed on now (a progress line of `gate --wait`), when this is the
    /// real process; a capture keeps them for the test to read.
    func passOnErrors() {
        guard stream != nil else { return }
        StandardStreams.writeAll(Array(err.utf8), to: 2)
        err = ""
    }

    /// ANSI colour only on a terminal, and never when NO_COLOR is set (no-color.org).
    var usesColor: Bool {
        stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// The locale the environment asks for, as an identifier (`de_DE.UTF-8` → `de_DE`).
    var environmentLocale: String { EnvironmentLocale.identifier(in: environment) }

    /// Writes both buffers to the real file descriptors; a closed pipe is not an error.
    func flush() {
        StandardStreams.writeAll(outBytes, to: stream ?? 1)
        StandardStreams.writeAll(Array(err.utf8), to: 2)
        outBytes.removeAll()
        err = ""
    }
}
