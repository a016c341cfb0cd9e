import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import CalendarData
import PolicyBundle
import PolicyEngine
import Rendering

/// `calpolicy replay LOG POLICY ...`: a decision log's gate decisions asked again of the
/// policies given, each answer that moved printed field by field (`ReplayUseCase`); exit 1 when
/// any did, so a policy change can be checked against the decisions already given.
enum ReplayCommand: RunnableCommand {
    /// A log is read whole; a day of a busy server's gate lines (about 600 bytes each) fits.
    static let limit = 256 << 20

    static let bundle = OptionSpec.value("bundle", "FILE", repeats: true, help: "Replay each line against the bundle of the revision it names (repeat; instead of POLICY).")
    static let publicKey = OptionSpec.value("public-key", "KEY.pub", help: "With --bundle: each bundle must be signed by this key (bundle verify).")

    static let spec = CommandSpec(
        name: "replay",
        abstract: "Decide a decision log's gate questions again with these policies and print what changed.",
        positionalUsage: "LOG POLICY ...",
        options: [bundle, publicKey, OptionCatalogue.overrides, CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        LOG is a decision log ('serve --decision-log' or 'gate --decision-log'; '-': standard
        input). Each gate line is decided again at its logged instant, zone, today and context;
        each field that differs (open, reason, policy, until, override.id) is one line:
        "line 4 (ID): open: logged true, now false". Policies are compared by file name. Lines of
        document routes are counted, not replayed; lines with masked context keys, or without an
        answer (an error), are listed as not replayable. A line logged under another version than
        the policies' is still replayed; the summary says so. With --bundle FILE (repeated) instead
        of POLICY, each line is decided by the bundle of the revision it names (a line naming a
        revision not given is not replayable: "missing revision R"). Exits 1 when any decision differs,
        0 when none, 2 on an unreadable log or a malformed line (named by number).
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard let path = parsed.positionals.first else { throw .usage(.missingArgument("LOG")) }
        let arguments = Array(parsed.positionals.dropFirst())
        let bundles = parsed.all(bundle.name)
        if !bundles.isEmpty && !arguments.isEmpty {
            throw .usage(.optionProblem("--bundle", problem: "replays against bundles; give no POLICY with it"))
        }
        if bundles.isEmpty && parsed.has(publicKey.name) {
            throw .usage(.optionProblem("--public-key", problem: "needs --bundle FILE"))
        }
        guard !arguments.isEmpty || !bundles.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let text = try read(path)
        let log: ReplayUseCase.Log
        do { log = try ReplayUseCase.read(text) } catch { throw .usage(.optionProblem(path, problem: error.message)) }
        if !bundles.isEmpty {
            let today = log.entries.first?.question.today ?? Clock.local.today()
            let key = try parsed.value(publicKey).map { (file: String) throws(CLIError) -> [UInt8] in
                try BundleCommand.bundle { () throws(BundleProblem) in try BundleKeys.publicKey(file) }
            }
            var revisions: [ReplayUseCase.Revision] = []
            for file in bundles {
                revisions.append(try revision(file, publicKey: key, today: today, verbose: parsed.has("verbose"), console: console))
            }
            let report = try CLIError.wrap { () throws(RequestFailure) in try ReplayUseCase.run(log, revisions: revisions) }
            console.write(report.text)
            return report.differing == 0 ? ExitCode.ok : ExitCode.stop
        }
        let (files, version) = try PolicyLoader.loadVersioned(arguments, today: log.entries.first?.question.today ?? Clock.local.today(),
                                                              verbose: parsed.has("verbose"))
        console.keepUntilExit(files)
        let overrides = try PolicyLoader.overrides(parsed, policies: files, console: console)
        let report = try CLIError.wrap { () throws(RequestFailure) in
            try ReplayUseCase.run(log, policies: files, names: arguments.map(PolicyIdentity.tidy), version: version,
                                  overrides: overrides)
        }
        console.write(report.text)
        return report.differing == 0 ? ExitCode.ok : ExitCode.stop
    }

    /// A bundle read under the reading rules (and its signature checked when `publicKey` is
    /// given, as `bundle verify`), each stack's policies loaded from the verified bytes.
    static func revision(_ file: String, publicKey: [UInt8]?, today: Day, verbose: Bool,
                         console: Console) throws(CLIError) -> ReplayUseCase.Revision {
        let contents = try BundleCommand.bundle { () throws(BundleProblem) -> BundleContents in
            if let publicKey { return try BundleSigning.verify(file, publicKey: publicKey) }
            return try BundleContents.read(file)
        }
        var bytes: [String: [UInt8]] = [:]
        for member in contents.files { bytes[member.name] = member.bytes }
        var stacks: [String: (policies: [any DayPolicy], names: [String], version: String)] = [:]
        for stack in contents.manifest.stacks {
            let sources = stack.policies.map { (path: $0, bytes: bytes[$0] ?? []) }
            let policies = try CLIError.wrap { () throws(RequestFailure) in
                try PolicySources.load(sources, options: PolicyLoader.options(today: today, verbose: verbose))
            }
            console.keepUntilExit(policies)
            stacks[stack.name] = (policies, stack.policies, StackDigest.version(of: sources.map(\.bytes)))
        }
        return ReplayUseCase.Revision(revision: contents.manifest.revision, stacks: stacks)
    }

    /// The log's text; one that cannot be read is bad input naming it (exit 2).
    private static func read(_ path: String) throws(CLIError) -> String {
        if path == "-" {
            guard let bytes = StandardStreams.readAll(from: 0, limit: limit) else {
                throw .usage(.optionProblem(path, problem: "standard input is larger than \(limit >> 20) MiB"))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        do { return try RegularFile.text(path, limit: limit) } catch {
            throw .usage(.optionProblem(path, problem: "\(error)"))
        }
    }
}
