import CalPolicyArguments
import CalendarData
import CalPolicyRequests
import Glibc
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy import FILE.ics [--deny] [--decorate]`: writes `NAME.lua`, a policy reading the
/// file with `cal.ics`, and `NAME_test.lua` beside it. The policy is loaded (so libical has
/// parsed the file) and evaluated for a year from today before anything is written; existing
/// files are never overwritten.
enum ImportCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.importICS }

    /// How far ahead the test file's days are looked for.
    static let sampleDays = 366
    static let sampleCount = 3

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard let icsPath = parsed.positionals.first else { throw .usage(.missingArgument("FILE.ics")) }
        if parsed.positionals.count > 1 {
            throw .usage(.unexpectedArgument(parsed.positionals[1], command: "import FILE.ics"))
        }
        let settings = try console.settings(parsed)
        let icsName = icsPath.split(separator: "/").last.map(String.init) ?? icsPath
        guard icsName.count > 4, icsName.lowercased().hasSuffix(".ics") else {
            throw .usage(.badPolicyPath(icsPath, problem: "not an .ics file; expected FILE.ics"))
        }
        var info = stat()
        guard stat(icsPath, &info) == 0 else { throw .usage(.badPolicyPath(icsPath, problem: "no such file")) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .usage(.badPolicyPath(icsPath, problem: "not a regular file; expected FILE.ics"))
        }
        let denyOnly = parsed.has("deny"), decorateOnly = parsed.has("decorate")
        let folder = icsPath.contains("/") ? String(icsPath[..<icsPath.lastIndex(of: "/")!]) + "/" : ""
        let name = String(icsName.dropLast(4))
        let zone = try timedZone(icsName: icsName, policyPath: folder + name + ".lua", settings: settings,
                                 verbose: parsed.has("verbose"))
        let document = ImportedPolicyDocument(name: name, icsName: icsName, denies: denyOnly || !decorateOnly,
                                              decorates: decorateOnly || !denyOnly, zone: zone)
        let policyPath = folder + document.policyFileName, testPath = folder + document.testFileName
        for path in [policyPath, testPath] where access(path, F_OK) == 0 {
            throw .usage(.badPolicyPath(path, problem: "already exists; import writes new files only"))
        }

        // Loaded from memory under the path it will have: cal.ics opens the file beside it.
        let policyText = try generated(policyPath) { () throws(LuaTemplateError) in try document.policy() }
        let policy = try PolicyLoader.load(policyPath, source: Array(policyText.utf8),
                                           options: PolicyLoader.options(today: settings.today,
                                                                         verbose: parsed.has("verbose")))
        let span = DaySpan(settings.today, settings.today.adding(days: sampleDays - 1))
        let days = try CLIError.wrap { () throws(RequestFailure) in
            try Evaluator.evaluate(PolicyStack([policy]), over: span, settings: settings)
        }
        let test = document.test(today: settings.today, samples: samples(days), clearDay: days.first { !$0.isMarked }?.day)

        try write(policyText, to: policyPath)
        try write(test, to: testPath)
        // File names are outside text: one line each, through the terminal escaper.
        console.print(TerminalText.escape("\(policyPath): written (\(document.denies ? "denies" : "")"
                      + "\(document.denies && document.decorates ? " and " : "")"
                      + "\(document.decorates ? "decorates" : "") the days of \(icsName))"))
        console.print(TerminalText.escape("\(testPath): written (run it with 'calpolicy test \(testPath)')"))
        return ExitCode.ok
    }

    /// The zone of the file's timed events in the sampled year when they share one (the policy
    /// then closes their hours), asked through cal.ics itself; nil for none, several or floating.
    static func timedZone(icsName: String, policyPath: String, settings: DisplaySettings,
                          verbose: Bool) throws(CLIError) -> String? {
        let probe = try generated(policyPath) { () throws(LuaTemplateError) in
            try ImportedPolicyDocument.zoneProbe(icsName: icsName, first: settings.today,
                                                 last: settings.today.adding(days: sampleDays - 1))
        }
        let policy = try PolicyLoader.load(policyPath, source: Array(probe.utf8),
                                           options: PolicyLoader.options(today: settings.today, verbose: verbose))
        let zones = policy.metadata.name.split(separator: ",").map(String.init)
        guard zones.count == 1, zones[0] != "floating", case .success = ZoneNames.resolve(zones[0]) else { return nil }
        return zones[0]
    }

    /// The first day of each of the first runs of days with an event, and its summary.
    static func samples(_ days: [DayEvaluation]) -> [ImportedPolicyDocument.Sample] {
        var samples: [ImportedPolicyDocument.Sample] = []
        var previous: String?
        for day in days {
            let summary = day.decoration?.label ?? day.select.verdict.reason
            if let summary, summary != previous {
                samples.append(.init(day: day.day, summary: summary, denied: day.isDenied))
                if samples.count == sampleCount { break }
            }
            previous = summary
        }
        return samples
    }

    /// Lua filled in from a compiled-in template. A template its caller cannot fill is a bug in
    /// calpolicy, reported against the file being made rather than trapping.
    static func generated(_ path: String, _ make: () throws(LuaTemplateError) -> String) throws(CLIError) -> String {
        do { return try make() } catch { throw .policyFile(path: path, problem: "cannot be generated: \(error)") }
    }

    /// A new file (never over an existing one), whole or not at all (`AtomicFile`).
    static func write(_ text: String, to path: String) throws(CLIError) {
        do {
            try AtomicFile.create(path, bytes: Array(text.utf8))
        } catch {
            throw .usage(.badPolicyPath(path, problem: error == .exists ? "already exists; import writes new files only"
                                        : error.description))
        }
    }
}
