import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// POLICY arguments as policies: files through `PolicySources`, and `-` as standard input,
/// which only the command line has.
enum PolicyLoader {
    static func load(_ arguments: [String], today: Day, verbose: Bool) throws(CLIError) -> [any DayPolicy] {
        try loadSources(arguments, today: today, verbose: verbose).policies
    }

    /// The stack and its version (`StackDigest`, as the server's `X-Policy-Version` says it):
    /// what `gate --decision-log` records and `replay` compares, from the one read of each file.
    /// Only those ask for it: the digest of the sources was ~260,000 instructions of every
    /// one-month `eval`'s start, for a version nothing printed.
    static func loadVersioned(_ arguments: [String], today: Day, verbose: Bool) throws(CLIError)
        -> (policies: [any DayPolicy], version: String) {
        let (policies, sources) = try loadSources(arguments, today: today, verbose: verbose)
        return (policies, StackDigest.version(of: StackDigest.sources(arguments: arguments, files: sources)))
    }

    /// The stack and the bytes of its files, each read once.
    private static func loadSources(_ arguments: [String], today: Day, verbose: Bool) throws(CLIError)
        -> (policies: [any DayPolicy], sources: [[UInt8]]) {
        let paths = arguments.filter { !BuiltInReference.isReference($0) }
        let sources = try read(paths)
        let policies = try CLIError.wrap { () throws(RequestFailure) in
            try BuiltInReference.stack(arguments, files: PolicySources.load(
                Array(zip(paths, sources)).map { (path: $0.0, bytes: $0.1) }, options: options(today: today, verbose: verbose)))
        }
        return (policies, sources)
    }

    /// The overrides of `--overrides DIR` held against the stack. A folder that is none, or a
    /// file that is not a well-formed override, is bad input: the command stops (exit 2), since
    /// in CI a broken override must stop the run, not vanish. A well-formed override the stack's
    /// policies refuse (too long, no ticket, an approver not listed, a hard freeze named) is
    /// left out with a line on stderr naming file and field, and the others apply.
    static func overrides(_ parsed: RequestValues, policies: [any DayPolicy], console: Console) throws(CLIError) -> [Override] {
        guard let folder = parsed.value(OptionCatalogue.overrides) else { return [] }
        let entries: [OverrideFolder.Entry]
        do { entries = try OverrideFolder.read(folder) } catch { throw .override(error) }
        for case .refused(let problem) in entries { throw .override(problem) }
        let loaded = OverrideReview.load(entries, policies: policies)
        for problem in loaded.refused {
            console.error("calpolicy: " + TerminalText.escape(problem.file) + ": " + problem.detail + " (override refused; the others apply)")
        }
        return loaded.overrides
    }

    static func options(today: Day, verbose: Bool) -> LuaPolicyOptions {
        PolicySources.options(today: today, print: PolicyPrintLine.handler(verbose: verbose))
    }

    /// A policy from bytes `read` returned (the file is not read again); `-` is standard input.
    static func load(_ path: String, source: [UInt8], options: LuaPolicyOptions,
                     displayName: String? = nil) throws(CLIError) -> LuaPolicy {
        try CLIError.wrap { () throws(RequestFailure) in
            try PolicySources.load(path, source: source, options: options, displayName: displayName)
        }
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

    /// The one read of a POLICY argument.
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        if path == "-" {
            do { return try standardInput(limit: LuaPolicyOptions().memoryLimit) } catch { throw .policy(error) }
        }
        return try CLIError.wrap { () throws(RequestFailure) in try PolicySources.read(path) }
    }

    /// `eval -`: the policy's text from standard input, refused when empty or larger than a state may hold.
    static func standardInput(limit: Int) throws(PolicyError) -> [UInt8] {
        guard let bytes = StandardStreams.readAll(from: 0, limit: limit) else {
            throw PolicyError(kind: .memory, file: PolicySources.standardInputName,
                              message: "input is larger than the memory limit of \(limit) bytes")
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw PolicyError(kind: .io, file: PolicySources.standardInputName, message: "empty input; expected a Lua policy")
        }
        return bytes
    }

    /// `--include`, `--min` and `--max` as policies, stacked after the files.
    static func builtIns(_ parsed: RequestValues) throws(CLIError) -> [any DayPolicy] {
        try CLIError.wrap { () throws(RequestError) in try BuiltInPolicies.resolve(parsed) }
    }
}

extension Console {
    /// The display settings of a command, the locale defaulting to the environment's.
    func settings(_ parsed: RequestValues) throws(CLIError) -> DisplaySettings {
        let values = try parsed.withContextFile()
        return try CLIError.wrap { () throws(RequestError) in
            try DisplaySettings.resolve(values, environmentLocale: environmentLocale)
        }
    }

    /// The display settings and built-in policies of an evaluating command.
    func evaluation(_ parsed: RequestValues) throws(CLIError) -> EvaluationOptions {
        let values = try parsed.withContextFile()
        return try CLIError.wrap { () throws(RequestError) in
            try EvaluationOptions(values, environmentLocale: environmentLocale)
        }
    }
}

extension RequestValues {
    /// These values with `--context-file`'s entries before the `--context` ones (which win:
    /// a later entry of a key replaces an earlier one).
    func withContextFile() throws(CLIError) -> RequestValues {
        guard let path = value(OptionCatalogue.contextFile) else { return self }
        let text = try InputFile.read(path, option: OptionCatalogue.contextFile, limit: ContextFile.limit)
        let entries = try CLIError.wrap { () throws(RequestError) in
            try ContextFile.entries(text, option: OptionCatalogue.contextFile)
        }
        var values = self
        values.set(entries + all(OptionCatalogue.context.name), for: OptionCatalogue.context)
        return values
    }
}

extension RequestValues {
    /// The value of `option` as a `Choice`, with `fallback` when absent.
    func choice<Choice: OptionChoice>(_ option: OptionSpec, default fallback: Choice) throws(CLIError) -> Choice {
        try CLIError.wrap { () throws(RequestError) in try choice(option, as: Choice.self) ?? fallback }
    }
}
