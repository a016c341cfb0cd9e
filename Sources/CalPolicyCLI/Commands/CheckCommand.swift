#if canImport(Glibc)
import Glibc
#endif
import CalendarCore

/// `calpolicy check POLICY ...`: loads each policy on its own and asks it about every
/// edge day in several calendars, reporting each distinct problem as one stderr line.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Int32 {
        guard !parsed.positionals.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        for path in parsed.positionals {
            do { try PolicyLoader.inspect(path) } catch {
                if case .usage = error { throw error }
            }
        }
        let verbose = parsed.has("verbose")
        let today = WallClock.today()
        var problems = 0
        for path in parsed.positionals {
            problems += check(path, today: today, verbose: verbose, console: console)
        }
        return problems == 0 ? ExitCode.ok : ExitCode.policy
    }

    /// Checks one file; returns how many problems it reported.
    private static func check(_ path: String, today: Day, verbose: Bool, console: Console) -> Int {
        let started = monotonicMilliseconds()
        let policy: any DayPolicy
        do {
            guard let loaded = try PolicyLoader.load([path], today: today, verbose: verbose).first else { return 0 }
            policy = loaded
        } catch {
            for line in ErrorRenderer.lines(for: error, verbose: verbose) { console.error(line) }
            console.print("\(path): cannot load")
            return 1
        }
        var seen: Set<String> = []
        var calls = 0
        var days = 0
        let cases = EdgeDays.cases(today: today)
        for edgeCase in cases {
            let system = CalendarSystems.system(for: edgeCase.calendar)
            for day in edgeCase.days {
                days += 1
                let questions: [(String, (PolicyContext) throws -> Void)] = [
                    ("canSelect", { _ = try policy.canSelect(day, context: $0) }),
                    ("canDeselect", { _ = try policy.canDeselect(day, context: $0) }),
                    ("decorationFor", { _ = try policy.decoration(for: day, context: $0) }),
                ]
                for (function, ask) in questions {
                    calls += 1
                    let selection = function == "canDeselect" ? [day] : []
                    do {
                        try ask(PolicyContext(calendar: system, today: today, selection: selection))
                    } catch {
                        let lines = ErrorRenderer.lines(for: CLIError(policyFailure: error), verbose: verbose)
                        guard let first = lines.first, seen.insert(first).inserted else { continue }
                        console.error(first + " (in \(function) for \(day.iso), calendar \(edgeCase.calendar.rawValue))")
                        for line in lines.dropFirst() { console.error(line) }
                    }
                }
            }
        }
        let elapsed = monotonicMilliseconds() - started
        let summary = "\(days) days in \(cases.count) calendars, \(calls) calls, \(formatMilliseconds(elapsed))"
        if seen.isEmpty {
            console.print("\(path): ok (\(summary))")
        } else {
            console.print("\(path): \(seen.count) problem\(seen.count == 1 ? "" : "s") (\(summary))")
        }
        return seen.count
    }

    private static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }

    private static func formatMilliseconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
