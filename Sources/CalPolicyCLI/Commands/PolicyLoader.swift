import Glibc
import CalendarCore
import PolicyEngine

/// Turns POLICY arguments into policies, with one clear error per bad file.
///
/// A path that names no readable regular file (missing, a directory, unreadable) is a
/// mistake on the command line: exit 2. A file that exists but holds no usable policy
/// (empty, binary, a Lua error) is a policy error: exit 3.
enum PolicyLoader {
    /// The name a policy read from standard input (`-`) goes by in messages.
    static let standardInputName = "<stdin>"

    static func load(_ paths: [String], today: Day, verbose: Bool) throws(CLIError) -> [any DayPolicy] {
        if paths.filter({ $0 == "-" }).count > 1 {
            throw .usage(.badPolicyPath("-", problem: "standard input can be read once; name '-' only once"))
        }
        for path in paths where path != "-" { try inspect(path) }
        var options = LuaPolicyOptions()
        options.today = today
        options.print = PolicyPrintLine.handler(verbose: verbose)
        var policies: [any DayPolicy] = []
        for path in paths {
            do {
                if path == "-" {
                    policies.append(try LuaPolicy(path: standardInputName, source: try standardInput(limit: options.memoryLimit),
                                                  options: options))
                } else {
                    policies.append(try LuaPolicy(path: path, options: options))
                }
            } catch {
                throw .policy(error)
            }
        }
        return policies
    }

    /// `eval -`: the policy's text from standard input, refused when empty or larger than a state may hold.
    static func standardInput(limit: Int) throws(PolicyError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw PolicyError(kind: .memory, file: standardInputName,
                                  message: "input is larger than the memory limit of \(limit) bytes")
            }
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw PolicyError(kind: .io, file: standardInputName, message: "empty input; expected a Lua policy")
        }
        return bytes
    }

    /// Checks what the engine would otherwise report less plainly.
    static func inspect(_ path: String) throws(CLIError) {
        if path.isEmpty { throw .usage(.badPolicyPath("''", problem: "empty path; expected a policy file")) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .usage(.badPolicyPath(path, problem: errno == ENOENT ? "no such file" : describeErrno(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .usage(.badPolicyPath(path, problem: "is a directory; expected a policy file"))
        default: throw .usage(.badPolicyPath(path, problem: "not a regular file; expected a policy file"))
        }
        guard let file = fopen(path, "rb") else {
            throw .usage(.badPolicyPath(path, problem: "cannot read: " + describeErrno(errno)))
        }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        let bytes = head.prefix(count)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }), info.st_size <= 4096 {
            throw .policyFile(path: path, problem: "empty file; expected a Lua policy")
        }
        if bytes.first == 0x1B || bytes.contains(0) {
            throw .policyFile(path: path, problem: "binary file; expected Lua source text")
        }
    }

    static func describeErrno(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }

    /// `--include`, `--min` and `--max` as policies, stacked after the files.
    static func builtIns(_ parsed: ParsedArguments) throws(CLIError) -> [any DayPolicy] {
        do throws(UsageError) {
            var policies: [any DayPolicy] = []
            switch try parsed.choice(CommandCatalog.include, as: IncludeChoice.self) {
            case .weekdays?: policies.append(IncludeDaysPolicy(.weekdays))
            case .weekends?: policies.append(IncludeDaysPolicy(.weekends))
            case .all?, nil: break
            }
            let min = try parsed.value("min").map { text throws(UsageError) in
                try ValueParser.day(text, option: CommandCatalog.min)
            }
            let max = try parsed.value("max").map { text throws(UsageError) in
                try ValueParser.day(text, option: CommandCatalog.max)
            }
            if let min, let max, max < min {
                throw UsageError.invalidValue(max.iso, option: CommandCatalog.max.display,
                                              reason: "must not be before --min \(min.iso)")
            }
            if min != nil || max != nil { policies.append(BoundsPolicy(min: min, max: max)) }
            return policies
        } catch {
            throw .usage(error)
        }
    }
}
