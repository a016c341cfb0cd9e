import CalPolicyRequests
import Glibc

/// A file an option names (`--batch FILE`, `--selections FILE`; '-' is standard input), read
/// whole; a problem with it is about that option.
enum InputFile {
    static let limit = 64 << 20

    static func read(_ path: String, option: OptionSpec) throws(CLIError) -> String {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else {
            throw .request(RequestError(option, value: path, reason: "cannot open: \(String(cString: strerror(errno)))"))
        }
        defer { if fd != 0 { close(fd) } }
        guard let bytes = StandardStreams.readAll(from: fd, limit: limit) else {
            throw .request(RequestError(option, value: path, reason: "larger than 64 MiB"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
