import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import Foundation
import PolicyEngine
import Rendering

/// `calpolicy snapshot POLICY ... --year YYYY [--out FILE]`: the stable JSON that
/// `calpolicy test` verifies.
enum SnapshotCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.snapshot }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        guard parsed.has("year") || parsed.has("month") || parsed.has("from") else {
            throw .usage(.missingOption(OptionCatalogue.year.display))
        }
        let evaluation = try console.evaluation(parsed)
        let settings = evaluation.settings
        let span = try CLIError.wrap { () throws(RequestError) in try SpanResolver.resolve(parsed, settings: settings).days }
        // A reference (holidays:DE) has no file: an empty placeholder keeps the sources in step.
        let sources = try PolicyLoader.read(parsed.positionals.filter { !BuiltInReference.isReference($0) })
        var files = sources.makeIterator()
        let aligned = parsed.positionals.map { BuiltInReference.isReference($0) ? [] : files.next() ?? [] }
        let today = parsed.has("today") ? settings.today : span.first
        let out = parsed.value("out")
        let names = parsed.positionals.map { name(of: $0, storedIn: out) }
        let zone = try CLIError.wrap { () throws(RequestError) in try StackZone.resolve(parsed) }
        var limits = LuaPolicyOptions()
        limits.print = PolicyPrintLine.handler(verbose: parsed.has("verbose"))
        let snapshot: PolicySnapshot
        do {
            snapshot = try PolicySnapshot.make(paths: parsed.positionals, sources: aligned, names: names, span: span, today: today,
                                               limits: limits, builtIns: evaluation.builtIns, calendar: settings.system,
                                               zone: zone)
        } catch {
            throw .policy(error)
        }
        if let out {
            try OutputFile.write(snapshot.encoded, to: out)
        } else {
            console.write(snapshot.encoded)
        }
        return ExitCode.ok
    }

    /// Inside `<dir>/snapshots/`, policies are named relative to `<dir>` (where
    /// `calpolicy test` looks for them); elsewhere as given.
    static func name(of policy: String, storedIn out: String?) -> String {
        guard let out, !BuiltInReference.isReference(policy) else { return policy }
        let folder = URL(fileURLWithPath: out).standardizedFileURL.deletingLastPathComponent()
        guard folder.lastPathComponent == PolicyTestDiscovery.snapshotDirectory else { return policy }
        let base = folder.deletingLastPathComponent().path
        let full = URL(fileURLWithPath: policy).standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
    }
}
