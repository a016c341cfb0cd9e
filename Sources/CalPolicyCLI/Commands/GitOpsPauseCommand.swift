import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy gitops-pause POLICY... --from --to --kustomization NS/NAME --helmrelease NS/NAME`:
/// the stack's closed time as Flux `spec.suspend` patches at the windows' edges
/// (`GitOpsPauseUseCase`, `FluxPauseRenderer`), for a CronJob or a pipeline to apply.
enum GitOpsPauseCommand: RunnableCommand {
    static let spec = CommandSpec(
        name: "gitops-pause",
        abstract: "Write the stack's closed time as Flux suspend and resume patches, each with the instant it applies.",
        positionalUsage: "POLICY ...",
        options: [OptionCatalogue.from, OptionCatalogue.to, GitOpsPauseUseCase.kustomization, GitOpsPauseUseCase.helmRelease,
                  OptionCatalogue.timeZone, OptionCatalogue.today] + OptionCatalogue.contextOptions
            + [OptionCatalogue.overrides, CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        Flux has no sync windows: a freeze is its objects suspended. The closed time between --from
        and --to (days in --time-zone, default UTC; at most 12 months), as export computes it for the
        slice --context picks (overrides covering it are gaps), becomes a YAML stream of partial Flux
        objects: for each window, every named Kustomization (kustomize.toolkit.fluxcd.io/v1) and
        HelmRelease (helm.toolkit.fluxcd.io/v2) with spec.suspend: true at its start and false at its
        end, in order, each annotated calpolicy.dev/applies-at with that instant in UTC. Apply, for
        each object, the last document whose instant has come (kubectl apply --server-side; docs/gitops.md
        has a CronJob). A window reaching the end of the span gets no resume: the next run writes it.
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let zone = try CLIError.wrap { () throws(RequestError) in try StackZone.resolve(parsed) }
        let span = try CLIError.wrap { () throws(RequestError) in
            try ExportUseCase.span(parsed, zone: zone, limit: "a pause plan covers at most the 12 months from --from (regenerate it)")
        }
        let objects = try CLIError.wrap { () throws(RequestError) in try GitOpsPauseUseCase.objects(parsed) }
        let today = try CLIError.wrap { () throws(RequestError) -> Day in
            try parsed.value(OptionCatalogue.today).map { text throws(RequestError) in
                try ValueParser.day(text, option: OptionCatalogue.today)
            } ?? span.from
        }
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        let contextValues = try parsed.withContextFile()
        let decision = try CLIError.wrap { () throws(RequestError) in
            try ValueParser.context(contextValues.all(OptionCatalogue.context.name), option: OptionCatalogue.context)
        }
        let files = try PolicyLoader.load(parsed.positionals, today: today, verbose: parsed.has("verbose"))
        let overrides = try PolicyLoader.overrides(parsed, policies: files, console: console)
        let (edges, closedAtEnd) = try CLIError.wrap { () throws(RequestFailure) in
            try GitOpsPauseUseCase.edges(files, span: span, today: today, decision: decision, overrides: overrides)
        }
        let header = FluxPauseRenderer.Header(policies: parsed.positionals.map(PolicyIdentity.tidy), from: span.from,
                                              to: span.to, closedAtEnd: closedAtEnd)
        console.write(FluxPauseRenderer.stream(edges, objects: objects, header: header))
        return ExitCode.ok
    }
}
