import CalPolicyRequests
import CalendarData
import Glibc

/// `gate --decision-log FILE`: the file the answers' decision lines are appended to, opened
/// as the server opens its log (append, create 0640, never blocking on a FIFO with no reader).
/// A file that cannot be opened or written is the option's problem (exit 2).
struct DecisionLogFile {
    let path: String
    let option: OptionSpec
    private let fd: Int32

    init(_ path: String, option: OptionSpec) throws(CLIError) {
        self.path = path
        self.option = option
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o640)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "a FIFO with no reader" : "cannot open for appending: " + String(cString: strerror(errno))
            throw .request(RequestError(option, value: path, reason: reason))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        self.fd = fd
    }

    /// The lines in one `write` sequence (each whole: O_APPEND puts them after another writer's).
    func append(_ lines: [String]) throws(CLIError) {
        defer { close(fd) }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        guard DescriptorWrite.all(bytes, to: fd) == bytes.count else {
            throw .request(RequestError(option, value: path, reason: "cannot append: " + String(cString: strerror(errno))))
        }
    }
}
