import CalPolicyRequests
import CalendarData

/// A file an option names (`--batch FILE`, `--selections FILE`; '-' is standard input), read
/// whole; a problem with it is about that option. Anything but standard input or a regular file
/// (a folder, a FIFO, a device) is refused before it is read: a usage error, exit 2.
enum InputFile {
    /// `--batch`: one short line an answer, so 64 MiB of lines stays linear in memory.
    static let limit = 64 << 20
    /// `--selections`: each line becomes a stored selection and, when refused, a refusal; at
    /// 16 MiB (about 250,000 selections, every one refused) a revalidate peaked at 120-165 MiB.
    static let selectionsLimit = 16 << 20

    static func read(_ path: String, option: OptionSpec, limit: Int = limit) throws(CLIError) -> String {
        if path == "-" {
            guard let bytes = StandardStreams.readAll(from: 0, limit: limit) else {
                throw .request(RequestError(option, value: path, reason: "standard input is larger than \(limit >> 20) MiB"))
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
