#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: buffered stdout and stderr plus the facts about the
/// terminal that decide colour. Buffered so a year of output is one write, and so
/// tests can run a command in-process and read what it printed.
final class Console: @unchecked Sendable {
    private(set) var out = ""
    private(set) var err = ""
    let stdoutIsTerminal: Bool
    let environment: [String: String]

    init(stdoutIsTerminal: Bool = false, environment: [String: String] = [:]) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.environment = environment
    }

    static func standard() -> Console {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "LC_ALL", "LC_TIME", "LANG", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Console(stdoutIsTerminal: isatty(1) == 1, environment: environment)
    }

    func print(_ text: String) { out += text; out += "\n" }
    func write(_ text: String) { out += text }
    func error(_ line: String) { err += line; err += "\n" }

    /// ANSI colour only on a terminal, and never when NO_COLOR is set (no-color.org).
    var usesColor: Bool {
        stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// The locale the environment asks for, as an identifier (`de_DE.UTF-8` → `de_DE`).
    var environmentLocale: String {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let base = value.split(separator: ".").first.map(String.init) ?? value
            if base == "C" || base == "POSIX" { return "en_US" }
            return base
        }
        return "en_US"
    }

    /// Writes both buffers to the real file descriptors; a closed pipe is not an error.
    func flush() {
        Console.writeAll(out, to: 1)
        Console.writeAll(err, to: 2)
        out = ""
        err = ""
    }

    private static func writeAll(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.write(fd, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }
}
