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
        let sources = try read(paths)
        // Text names a policy by its file name unless two of the stack share it.
        let names = PolicyIdentity.displayNames(for: paths.map { $0 == "-" ? standardInputName : $0 })
        var policies: [any DayPolicy] = []
        for (index, (path, source)) in zip(paths, sources).enumerated() {
            policies.append(try load(path, source: source, options: options(today: today, verbose: verbose),
                                     displayName: names[index]))
        }
        return policies
    }

    /// A policy from bytes `read` returned (the file is not read again); `-` is standard input.
    static func load(_ path: String, source: [UInt8], options: LuaPolicyOptions,
                     displayName: String? = nil) throws(CLIError) -> LuaPolicy {
        do {
            return try LuaPolicy(path: path == "-" ? standardInputName : path, source: source, options: options,
                                 displayName: displayName)
        } catch {
            throw .policy(error)
        }
    }

    static func options(today: Day, verbose: Bool) -> LuaPolicyOptions {
        var options = LuaPolicyOptions()
        options.today = today
        options.print = PolicyPrintLine.handler(verbose: verbose)
        return options
    }

    /// Every file's bytes, in order; the first bad file ends it.
    static func read(_ paths: [String]) throws(CLIError) -> [[UInt8]] {
        if paths.filter({ $0 == "-" }).count > 1 {
            throw .usage(.badPolicyPath("-", problem: "standard input can be read once; name '-' only once"))
        }
        var sources: [[UInt8]] = []
        for path in paths { sources.append(try read(path)) }
        return sources
    }

    /// The one read of a POLICY argument, refusing what the engine would otherwise
    /// report less plainly (see `error(for:path:)`).
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        if path == "-" {
            do { return try standardInput(limit: LuaPolicyOptions().memoryLimit) } catch { throw .policy(error) }
        }
        if path.isEmpty { throw .usage(.badPolicyPath("''", problem: "empty path; expected a policy file")) }
        do {
            return try PolicyFile.read(path, limit: LuaPolicyOptions().memoryLimit, asPolicyText: true)
        } catch {
            throw self.error(for: error, path: path)
        }
    }

    /// `eval -`: the policy's text from standard input, refused when empty or larger than a state may hold.
    static func standardInput(limit: Int) throws(PolicyError) -> [UInt8] {
        guard let bytes = StandardStreams.readAll(from: 0, limit: limit) else {
            throw PolicyError(kind: .memory, file: standardInputName,
                              message: "input is larger than the memory limit of \(limit) bytes")
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw PolicyError(kind: .io, file: standardInputName, message: "empty input; expected a Lua policy")
        }
        return bytes
    }

    /// The one mapping of a file problem to the command line's error: no readable regular
    /// file at the path is a usage error; a file that holds no usable policy is exit 3.
    static func error(for problem: PolicyFileProblem, path: String) -> CLIError {
        switch problem {
        case .missing: .usage(.badPolicyPath(path, problem: "no such file"))
        case .cannotStat(let code): .usage(.badPolicyPath(path, problem: describeErrno(code)))
        case .directory: .usage(.badPolicyPath(path, problem: "is a directory; expected a policy file"))
        case .notRegularFile: .usage(.badPolicyPath(path, problem: "not a regular file; expected a policy file"))
        case .cannotOpen(let code): .usage(.badPolicyPath(path, problem: "cannot read: " + describeErrno(code)))
        case .empty: .policyFile(path: path, problem: "empty file; expected a Lua policy")
        case .binary: .policyFile(path: path, problem: "binary file; expected Lua source text")
        case .cannotRead, .tooLarge: .policy(PolicyError(problem, file: path))
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
