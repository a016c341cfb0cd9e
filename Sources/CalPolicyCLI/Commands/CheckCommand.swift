import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import Glibc
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy check POLICY ...`: loads each policy on its own and asks it about every
/// edge day in several calendars, reporting each distinct problem as one stderr line
/// and, per policy, how much of the instruction budget its costliest call needed.
enum CheckCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.check }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        // Each file is read once, here: a usage problem ends the command, a file that
        // holds no usable policy is reported in its turn below.
        var sources: [Result<[UInt8], CLIError>] = []
        for path in parsed.positionals {
            if BuiltInReference.isReference(path) {  // no file to read; a bad reference is a usage error
                _ = try CLIError.wrap { () throws(RequestFailure) in try BuiltInReference.policy(path) }
                sources.append(.success([]))
                continue
            }
            do { sources.append(.success(try PolicyLoader.read(path))) } catch {
                if case .usage = error { throw error }
                sources.append(.failure(error))
            }
        }
        let verbose = parsed.has("verbose")
        // Edge days include yesterday, today and tomorrow: `--today` makes a check reproducible.
        let today: Day
        today = try CLIError.wrap { () throws(RequestError) in
            try parsed.value(OptionCatalogue.today).map { text throws(RequestError) in
                try ValueParser.day(text, option: OptionCatalogue.today)
            } ?? Clock.local.today()
        }
        let horizon = try CheckHorizon.day(parsed)
        // `--context`: the edge days are asked as this question would ask them (a scoped policy
        // outside it is not asked at all).
        let contextValues = try parsed.withContextFile()
        let decision = try CLIError.wrap { () throws(RequestError) in
            try ValueParser.context(contextValues.all(OptionCatalogue.context.name), option: OptionCatalogue.context)
        }
        var problems = 0, shortfalls = 0
        for (path, source) in zip(parsed.positionals, sources) {
            // `check policies/*.lua` also matches the tests beside the policies.
            if path.hasSuffix("_test.lua") {
                console.print(CheckReportRenderer.skippedLine(path))
                continue
            }
            let (found, policy) = check(path, source: source, today: today, decision: decision, verbose: verbose,
                                        console: console)
            problems += found
            if let policy, let line = CheckHorizon.estimates(path, policy: policy, today: today) { console.print(line) }
            if let policy, let horizon, let line = CheckHorizon.shortfall(path, policy: policy, horizon: horizon) {
                console.print(line)
                shortfalls += 1
            }
            if PolicyRun.current?.wasStopped == true { break } // the rest would fail the same way
        }
        return problems > 0 ? ExitCode.policy : shortfalls > 0 ? ExitCode.stop : ExitCode.ok
    }

    /// Checks one file; returns how many problems it reported, and the policy when it loaded.
    private static func check(_ path: String, source: Result<[UInt8], CLIError>, today: Day, decision: DecisionContext,
                              verbose: Bool, console: Console) -> (Int, (any DayPolicy)?) {
        let started = monotonicMilliseconds()
        let policy: any DayPolicy
        let bytes: [UInt8]
        do {
            bytes = try source.get()
            policy = BuiltInReference.isReference(path)
                ? try CLIError.wrap { () throws(RequestFailure) in try BuiltInReference.policy(path) }
                : try PolicyLoader.load(path, source: bytes, options: PolicyLoader.options(today: today, verbose: verbose))
        } catch {
            for line in ErrorRenderer.lines(for: error, verbose: verbose) { console.error(line) }
            console.print(CheckReportRenderer.cannotLoadLine(path))
            return (1, nil)
        }
        // Legal but likely unintended (globals outside the contract): said, never counted as a problem.
        for warning in (policy as? LuaPolicy)?.warnings ?? [] {
            console.error(ErrorRenderer.line(for: warning))
        }
        let cases = EdgeDays.cases(today: today)
        let pass = EdgePass(policy: policy, cases: cases, today: today, decision: decision)
        var seen: Set<String> = []
        pass.run { error, function, day, calendar in
            // After the run's deadline every call fails the same way: one line says it.
            if PolicyRun.current?.wasStopped == true, !seen.isEmpty { return }
            let failure = CLIError(policyFailure: error)
            guard seen.insert(problemKey(failure)).inserted else { return }
            var lines = ErrorRenderer.lines(for: failure, verbose: verbose)
            if !lines.isEmpty { lines[0] += context(of: error, function: function, day: day, calendar: calendar) }
            for line in lines { console.error(line) }
        }
        let elapsed = monotonicMilliseconds() - started
        var costliest: String?
        if seen.isEmpty, PolicyRun.current?.wasStopped != true, !BuiltInReference.isReference(path) {
            costliest = budgetShare(path, source: bytes, cases: cases, today: today, decision: decision)
        }
        console.print(CheckReportRenderer.resultLine(path, problems: seen.count, days: pass.dayCount, calendars: cases.count,
                                                     calls: pass.callCount, milliseconds: elapsed, costliestCall: costliest))
        return (seen.count, policy)
    }

    /// How much of the per-call instruction budget the costliest edge-day call needs,
    /// found by rerunning the edge days under 1% and then 10% of the budget.
    private static func budgetShare(_ path: String, source: [UInt8], cases: [EdgeDays.Case], today: Day,
                                    decision: DecisionContext) -> String? {
        let full = LuaPolicyOptions().instructionBudget
        for (percent, label) in [(1, "under 1%"), (10, "1-10%")] {
            var options = LuaPolicyOptions()
            options.today = today
            options.instructionBudget = max(1, full * percent / 100)
            guard let policy = try? LuaPolicy(path: path, source: source, options: options) else { return nil }
            var failed = false
            EdgePass(policy: policy, cases: cases, today: today, decision: decision).run { _, _, _, _ in failed = true }
            if !failed { return label + " of the instruction budget" }
        }
        return "over 10% of the instruction budget"
    }

    /// One problem per place in the policy: the same failure on 200 days is one line.
    private static func problemKey(_ failure: CLIError) -> String {
        guard case .policy(let error) = failure else { return String(describing: failure) }
        return "\(error.kind) \(error.file):\(error.line ?? 0) \(error.message)"
    }

    /// What the error line does not already say: which question, day and calendar.
    private static func context(of error: any Error, function: String, day: Day,
                                calendar: CalendarIdentifier) -> String {
        CheckReportRenderer.problemContext(function: function, day: day, calendar: calendar,
                                           dayKnown: (error as? PolicyError)?.day != nil)
    }

    private static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }

}

/// Every edge day put to one policy: `canSelect`, `canDeselect` with the day selected,
/// `decorationFor` and, for a policy with hours, `hoursFor`, in each case's calendar; then
/// `hoursFor` for every day of the year from today (`hoursDays`), so a freeze written in hours
/// that fails on one day of the coming year (a DST change, a holiday it computes) fails `check`.
struct EdgePass {
    let policy: any DayPolicy
    let cases: [EdgeDays.Case]
    let today: Day
    /// The decision's context every question is asked with (`check --context`).
    var decision = DecisionContext()
    /// Every day from today on asked for its hours, beyond the edge days.
    static let hoursDays = 367

    var dayCount: Int { cases.reduce(0) { $0 + $1.days.count } + (policy.definesHours ? Self.hoursDays : 0) }
    var callCount: Int {
        let edgeDays = cases.reduce(0) { $0 + $1.days.count }
        return edgeDays * (policy.definesHours ? 4 : 3) + (policy.definesHours ? Self.hoursDays : 0)
    }

    func run(onError: (any Error, String, Day, CalendarIdentifier) -> Void) {
        defer {
            if policy.definesHours {
                let context = PolicyContext(calendar: CalendarSystems.system(for: .gregorian), today: today, selection: [],
                                            decision: decision)
                for offset in 0..<Self.hoursDays {
                    let day = today.adding(days: offset)
                    do { _ = try policy.closedHours(for: day, context: context) } catch {
                        onError(error, "hoursFor", day, .gregorian)
                    }
                }
            }
        }
        for edgeCase in cases {
            let system = CalendarSystems.system(for: edgeCase.calendar)
            let empty = PolicyContext(calendar: system, today: today, selection: [], decision: decision)
            for day in edgeCase.days {
                do { _ = try policy.canSelect(day, context: empty) } catch {
                    onError(error, "canSelect", day, edgeCase.calendar)
                }
                let selected = PolicyContext(calendar: system, today: today, selection: [day], decision: decision)
                do { _ = try policy.canDeselect(day, context: selected) } catch {
                    onError(error, "canDeselect", day, edgeCase.calendar)
                }
                do { _ = try policy.decoration(for: day, context: empty) } catch {
                    onError(error, "decorationFor", day, edgeCase.calendar)
                }
                if policy.definesHours {
                    do { _ = try policy.closedHours(for: day, context: empty) } catch {
                        onError(error, "hoursFor", day, edgeCase.calendar)
                    }
                }
            }
        }
    }
}
