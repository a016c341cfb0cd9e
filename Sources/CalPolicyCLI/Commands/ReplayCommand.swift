import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import CalendarData
import PolicyEngine
import Rendering

/// `calpolicy replay LOG POLICY ...`: a decision log's gate decisions asked again of the
/// policies given, each answer that moved printed field by field (`ReplayUseCase`); exit 1 when
/// any did, so a policy change can be checked against the decisions already given.
enum ReplayCommand {
    /// A log is read whole; a day of a busy server's gate lines (about 600 bytes each) fits.
    static let limit = 256 << 20

    static let spec = CommandSpec(
        name: "replay",
        abstract: "Decide a decision log's gate questions again with these policies and print what changed.",
        positionalUsage: "LOG POLICY ...",
        options: [OptionCatalogue.overrides, CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        LOG is a decision log ('serve --decision-log' or 'gate --decision-log'; '-': standard
        input). Each gate line is decided again at its logged instant, zone, today and context;
        each field that differs (open, reason, policy, until, override.id) is one line:
        "line 4 (ID): open: logged true, now false". Policies are compared by file name. Lines of
        document routes are counted, not replayed; lines with masked context keys, or without an
        answer (an error), are listed as not replayable. A line logged under another version than
        the policies' is still replayed; the summary says so. Exits 1 when any decision differs,
        0 when none, 2 on an unreadable log or a malformed line (named by number).
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard let path = parsed.positionals.first else { throw .usage(.missingArgument("LOG")) }
        let arguments = Array(parsed.positionals.dropFirst())
        guard !arguments.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let text = try read(path)
        let log: ReplayUseCase.Log
        do { log = try ReplayUseCase.read(text) } catch { throw .usage(.optionProblem(path, problem: error.message)) }
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
