import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy export argocd-sync-windows|gitlab-freeze-periods POLICY... --from --to`: the
/// stack's closed time as deploy-tool windows (`ExportUseCase`, `DeployWindowsRenderer`).
enum ExportCommand: RunnableCommand {
    static let cronTimeZone = OptionSpec.value("cron-time-zone", "ZONE", help: "Write crons in this IANA zone (default UTC; UTC still near its DST changes).")
    static let applications = OptionSpec.value("applications", "PATTERN", repeats: true, help: "argocd-sync-windows: the applications a window applies to (default '*'; with a service scope, the applications both name).")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write the stack's closed time as Argo CD sync windows or GitLab freeze periods.",
        positionalUsage: "argocd-sync-windows|gitlab-freeze-periods POLICY ...",
        options: [OptionCatalogue.from, OptionCatalogue.to, applications, OptionCatalogue.timeZone, cronTimeZone,
                  OptionCatalogue.today] + OptionCatalogue.contextOptions + [OptionCatalogue.overrides,
                  CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        Closed time (whole days canSelect denies, hoursFor's intervals) between --from and --to (days
        in --time-zone, default UTC; at most 12 months from --from), adjacent closed time merged into
        one window. Windows are written in UTC (or --cron-time-zone, except within three hours of one
        of its DST changes, where cron libraries disagree) with exact lengths; a window longer
        than 300 days is split so its end cron cannot recur first. Cron has no year: the tools fire
        these windows again every year and a moving holiday lands on the wrong day, so an export
        names the day to regenerate it by (--to); calpolicy gate stays the exact answer.
        argocd-sync-windows writes the spec.syncWindows list of an AppProject (kind: deny, schedule,
        duration, timeZone, description = the reasons); gitlab-freeze-periods writes JSON whose
        freezePeriods are the bodies of GitLab's freeze-periods API. A scoped policy's Argo CD
        windows name its scope's service, namespace and cluster as applications, namespaces and
        clusters (andOperator: true when two are set, Argo CD 3.0 or later); any other scope key,
        or exclude, is refused unless --context gives it (docs/scopes.md, "Exporters").
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        var paths = parsed.positionals
        guard let word = paths.first else { throw .usage(.missingArgument("argocd-sync-windows|gitlab-freeze-periods")) }
        guard let target = ExportUseCase.Target(rawValue: word) else {
            throw .usage(.invalidValue(word, option: "argocd-sync-windows|gitlab-freeze-periods",
                                       reason: "expected argocd-sync-windows or gitlab-freeze-periods before the policies"))
        }
        paths.removeFirst()
        if target == .gitlab, parsed.has(applications) {
            throw .request(RequestError(applications, .notApplicable([.text("applies to argocd-sync-windows only")])))
        }
        let zone = try CLIError.wrap { () throws(RequestError) in try StackZone.resolve(parsed) }
        let span = try CLIError.wrap { () throws(RequestError) in try ExportUseCase.span(parsed, zone: zone) }
        let cronZone = try CLIError.wrap { () throws(RequestError) -> ZoneWallTime in
            guard let name = parsed.value(cronTimeZone) else { return .utc }
            switch ZoneNames.resolve(name) {
            case .success(let found): return found
            case .failure(let problem): throw RequestError(cronTimeZone, value: name, reason: problem.reason)
            }
        }
        let today = try CLIError.wrap { () throws(RequestError) -> Day in
            try parsed.value(OptionCatalogue.today).map { text throws(RequestError) in
                try ValueParser.day(text, option: OptionCatalogue.today)
            } ?? span.from
        }
        guard !paths.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let contextValues = try parsed.withContextFile()
        let decision = try CLIError.wrap { () throws(RequestError) in
            try ValueParser.context(contextValues.all(OptionCatalogue.context.name), option: OptionCatalogue.context)
        }
        let files = try PolicyLoader.load(paths, today: today, verbose: parsed.has("verbose"))
        let overrides = try PolicyLoader.overrides(parsed, policies: files, console: console)
        let header = DeployWindowsRenderer.Header(command: "calpolicy export " + target.rawValue,
                                                  policies: paths.map(PolicyIdentity.tidy), from: span.from, to: span.to,
                                                  cronZone: cronZone)
        switch target {
        case .argocd:
            let groups: [(selectors: ArgoWindowSelectors, policies: [any DayPolicy])]
            do throws(ArgoScopeRefusal) {
                groups = try ArgoScopeMapping.groups(files, labels: paths.map(PolicyIdentity.tidy),
                                                     applications: parsed.all(applications.name), decision: decision)
            } catch {
                throw .usage(.optionProblem("export", problem: error.message))
            }
            let windows = try CLIError.wrap { () throws(RequestFailure) in
                try ExportUseCase.argoWindows(groups, span: span, today: today, decision: decision, overrides: overrides)
            }
            console.write(DeployWindowsRenderer.argoCD(windows, header: header))
        case .gitlab:
            // GitLab's freeze periods select nothing: a scoped policy closes its time for every
            // project unless --context picks the slice (a missing key never opens a scope).
            let windows = try CLIError.wrap { () throws(RequestFailure) in
                try ExportUseCase.windows(files, span: span, today: today, decision: decision, overrides: overrides)
            }
            console.write(DeployWindowsRenderer.gitLab(windows, header: header))
        }
        return ExitCode.ok
    }
}
