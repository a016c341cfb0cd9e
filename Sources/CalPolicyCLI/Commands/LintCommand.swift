import CalPolicyArguments
import CalPolicyRequests
import PolicyEngine
import Rendering

/// `calpolicy lint POLICY ...`: luacheck (when installed) with a standard made from the
/// annotations (`LuacheckStandard`), then calpolicy's own checks over the engine's answers for
/// the coming year (`PolicyLint`). Exit 1 on any finding, 0 on none.
enum LintCommand: RunnableCommand {
    static let format = CommandCatalog.format(LintFormat.allCases)

    static let spec = CommandSpec(
        name: "lint",
        abstract: "Find mistakes in policies: luacheck with calpolicy's globals, and the engine's own checks.",
        positionalUsage: "POLICY ...",
        options: [format, OptionCatalogue.today, CommandCatalog.timeout, CommandCatalog.help],
        discussion: """
        Runs luacheck (Debian: lua-check) over the files with a standard made from the cal
        annotations and the policy contract: an unknown cal field (cal.addDay) or a global outside
        the contract (canselect) is a finding. Without luacheck on PATH, says so on stderr and runs
        the rest. Then loads each policy and asks it about every day from --today (default: the
        clock) for a year: an unknown key of the returned table or of scope (with did-you-mean), a
        canSelect window that never opens or never closes, an hoursFor that closes nothing, a
        coverage or holiday data set ending within the year, two windows of one list (cal.windows,
        a YAML/JSON policy's closed or weekly) overlapping with different reasons (at the second).
        YAML/JSON policies get calpolicy's checks only (the schema is checked as they load).
        Prints 'file:line:col: message' (--format json: one document; --format github:
        '::warning file=...,line=...,col=...::message' lines for GitHub Actions).
        Exits 1 on any finding, 0 on none, 2 on a usage error, 3 when a policy cannot load.
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let chosen = try parsed.choice(format, default: LintFormat.text)
        let today = try console.evaluation(parsed).settings.today
        let paths = parsed.positionals
        let sources = try PolicyLoader.read(paths)
        var findings: [LintFinding] = []
        let files = paths.filter { $0 != "-" && PolicyLint.isLua($0) }
        if let luacheck = Luacheck.executable() {
            if !files.isEmpty {
                do { findings += try Luacheck.run(luacheck, files: files) } catch { throw .policy(error) }
            }
        } else {
            console.error("calpolicy: lint: luacheck not found on PATH (Debian: apt-get install lua-check); "
                + "running calpolicy's own checks only")
        }
        var options = PolicyLoader.options(today: today, verbose: false)
        options.compileCache = nil
        for (path, source) in zip(paths, sources) {
            do {
                findings += try PolicyLint.check(path: path, source: source, today: today, options: options)
            } catch {
                throw .policy(error)
            }
        }
        // In the order the files were named, then by place.
        let order = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        findings.sort { (order[$0.file] ?? 0, $0.line, $0.column) < (order[$1.file] ?? 0, $1.line, $1.column) }
        switch chosen {
        case .text: console.write(LintReportRenderer.text(findings))
        case .json: console.write(JSONWriter.write(LintReportRenderer.json(findings)))
        case .github: console.write(LintReportRenderer.github(findings))
        }
        return findings.isEmpty ? ExitCode.ok : ExitCode.stop
    }
}
