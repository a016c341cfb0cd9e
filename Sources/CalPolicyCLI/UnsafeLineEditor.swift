import CEdit
import Glibc

/// The lines `calpolicy repl` reads: through libedit on a terminal (editing, history kept in a
/// file across sessions), else plain lines of standard input (a script, a pipe).
final class LineEditor {
    let interactive: Bool
    private let historyFile: String?
    static let historyLimit: Int32 = 1000

    init(historyFile: String?) {
        interactive = isatty(0) == 1
        self.historyFile = interactive ? historyFile : nil
        guard interactive else { return }
        using_history()
        stifle_history(Self.historyLimit)
        if let historyFile { _ = read_history(historyFile) }
    }

    enum Read: Equatable {
        case line(String)
        /// Ctrl-C at the prompt: the line is dropped.
        case cancelled
        case end
    }

    func read(prompt: String) -> Read {
        guard interactive else {
            if let line = Swift.readLine(strippingNewline: true) { return .line(line) }
            return ReplInterrupt.take() ? .cancelled : .end
        }
        guard let raw = readline(prompt) else {
            if ReplInterrupt.take() { return .cancelled }
            return .end
        }
        defer { free(raw) }
        let line = String(cString: raw)
        if ReplInterrupt.take() { return .cancelled }
        return .line(line)
    }

    /// Adds `line` to the history and writes the file at once, so a session that is killed
    /// keeps what it was asked.
    func remember(_ line: String) {
        guard interactive, !line.isEmpty else { return }
        add_history(line)
        if let historyFile { _ = write_history(historyFile) }
    }

    /// `$XDG_STATE_HOME/calpolicy/history`, else `~/.local/state/calpolicy/history`, its folder
    /// made when missing (nil: no home to keep it in).
    static func defaultHistoryFile(environment: (String) -> String?) -> String? {
        let state: String
        if let xdg = environment("XDG_STATE_HOME"), xdg.hasPrefix("/") {
            state = xdg
        } else if let home = environment("HOME"), !home.isEmpty {
            state = home + "/.local/state"
        } else {
            return nil
        }
        var folder = ""
        for part in (state + "/calpolicy").split(separator: "/") {
            folder += "/" + part
            _ = mkdir(folder, 0o700)
        }
        return folder + "/history"
    }
}
