import CalendarCore
import CalendarData
import Glibc

/// What can keep a file from being a policy, as data. `PolicyFile.read` finds it;
/// `PolicyError(_:file:)` words it for the engine's callers and the CLI's `PolicyLoader`
/// for the command line.
public enum PolicyFileProblem: Error, Hashable, Sendable {
    /// Nothing at the path (`stat` says ENOENT).
    case missing
    case directory
    /// A FIFO, a device or a socket.
    case notRegularFile
    /// `stat`, `open` or `read` failed with this errno.
    case cannotStat(Int32)
    case cannotOpen(Int32)
    case cannotRead(Int32)
    /// Longer than the state's memory limit.
    case tooLarge(limit: Int)
    /// Only whitespace, at most `PolicyFile.sniffedBytes` long (only `asPolicyText`).
    case empty
    /// Lua bytecode (starts with ESC) or a NUL among the first bytes (only `asPolicyText`).
    case binary
}

/// Reading policy files with plain POSIX calls (no Foundation buffering, nothing
/// kept open): the one place a policy file's bytes are read.
public enum PolicyFile {
    /// How much of the start of a file decides whether it is empty or binary.
    public static let sniffedBytes = 4096

    /// The file's bytes, at most `limit` of them, through `RegularFile` (the one file opener):
    /// anything but a regular file is refused before it is read (a FIFO cannot block, a device
    /// cannot stream forever, a sparse file over the limit is refused by its size).
    /// `asPolicyText` also refuses an empty file and a binary one before Lua sees it.
    public static func read(_ path: String, limit: Int,
                            asPolicyText: Bool = false) throws(PolicyFileProblem) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: limit)
        } catch {
            switch error {
            case .missing: throw .missing
            case .directory: throw .directory
            case .notRegularFile: throw .notRegularFile
            case .cannotOpen(let code): throw .cannotOpen(code)
            case .cannotRead(let code): throw .cannotRead(code)
            case .tooLarge(let limit): throw .tooLarge(limit: limit)
            }
        }
        if asPolicyText, let problem = textProblem(bytes) { throw problem }
        return bytes
    }

    /// `read` for the engine: a problem is a `PolicyError` naming the file.
    static func source(_ path: String, limit: Int) throws(PolicyError) -> [UInt8] {
        do { return try read(path, limit: limit) } catch { throw PolicyError(error, file: path) }
    }

    /// `.empty` or `.binary` when the bytes cannot be Lua source text.
    static func textProblem(_ bytes: [UInt8]) -> PolicyFileProblem? {
        let head = bytes.prefix(sniffedBytes)
        if bytes.count <= sniffedBytes, head.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return .empty
        }
        if head.first == 0x1B { return .binary }
        return UnsafeFileBytes.hasZero(bytes, within: head.count) ? .binary : nil
    }

    /// How the engine words a lower-level failure: `no such file`, `permission denied`, …
    public static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    static func fileName(of path: String) -> String {
        // On the UTF-8 bytes: every policy load asks (twice), and splitting the path into
        // substrings was ~15,000 instructions of a one-month `eval`'s cold start.
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != UInt8(ascii: "/") {
            start = bytes.index(before: start)
        }
        return String(path[start..<end])
    }
}

extension PolicyError {
    /// A file problem as the engine reports it: an `io` error naming the file (`memory`
    /// when the file is larger than the state may hold).
    public init(_ problem: PolicyFileProblem, file path: String) {
        switch problem {
        case .missing: self.init(kind: .io, file: path, message: "no such file")
        case .directory: self.init(kind: .io, file: path, message: "is a directory, expected a lua file")
        case .notRegularFile: self.init(kind: .io, file: path, message: "not a regular file; expected a policy file")
        case .cannotStat(let code), .cannotOpen(let code), .cannotRead(let code):
            self.init(kind: .io, file: path, message: PolicyFile.describe(errno: code))
        case .tooLarge(let limit):
            self.init(kind: .memory, file: path, message: "file is larger than the memory limit of \(limit) bytes")
        case .empty: self.init(kind: .io, file: path, message: "empty file; expected a Lua policy")
        case .binary: self.init(kind: .io, file: path, message: "binary file; expected Lua source text")
        }
    }
}
