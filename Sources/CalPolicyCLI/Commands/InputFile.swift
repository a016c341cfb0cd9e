import CalPolicyRequests
import CalendarData

/// A file an option names (`--batch FILE`, `--selections FILE`; '-' is standard input), read
/// whole; a problem with it is about that option. Anything but standard input or a regular file
/// (a folder, a FIFO, a device) is refused before it is read: a usage error, exit 2.
enum InputFile {
    static let limit = 64 << 20

    static func read(_ path: String, option: OptionSpec) throws(CLIError) -> String {
        if path == "-" {
            guard let bytes = StandardStreams.readAll(from: 0, limit: limit) else {
                throw .request(RequestError(option, value: path, reason: "standard input is larger than 64 MiB"))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        do {
            return try RegularFile.text(path, limit: limit)
        } catch {
            throw .request(RequestError(option, value: path, reason: "\(error); expected a file or '-' for standard input"))
        }
    }
}
