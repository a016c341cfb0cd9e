import CalPolicyRequests
import Glibc
import Rendering

/// Where a command writes: buffered stdout and stderr plus the facts about the
/// terminal that decide colour. Buffered so a year of output is one write, and so
/// tests can run a command in-process and read what it printed. The real stdout is
/// written in chunks once the buffer passes `chunk` bytes, so a century of JSON is not
/// held in memory; commands render only after every policy answer is in, so nothing
/// partial reaches stdout before a policy error.
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

    /// What was written to stdout and not yet passed on (all of it when not streaming).
    var out: String { String(decoding: outBytes, as: UTF8.self) }

    static func standard() -> Console {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "LC_ALL", "LC_TIME", "LANG", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Console(stdoutIsTerminal: isatty(1) == 1, environment: environment, streamingTo: 1)
    }

    func print(_ text: String) { write(text); write("\n") }

    func write(_ text: String) {
        outBytes.append(contentsOf: text.utf8)
        passOnIfFull()
    }

    func write(bytes: [UInt8]) {
        outBytes.append(contentsOf: bytes)
        passOnIfFull()
    }

    private func passOnIfFull() {
        guard let stream, outBytes.count >= Console.chunk else { return }
        StandardStreams.writeAll(outBytes, to: stream)
        outBytes.removeAll(keepingCapacity: true)
    }
    func error(_ line: String) { err += line; err += "\n" }

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
