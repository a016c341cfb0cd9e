import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// Lua calls an eval document costs, counted by the bridge (`LuaPolicy.callCount`, replays
/// included), not timed: eval JSON of a day one policy denies and decorates costs one call per
/// function the policy defines plus one silent traced replay per deciding line (3 + 2 here),
/// and text costs only the first three.
struct LuaCallWorkloads {
    let root: String

    func callsPerDay(_ name: String, file: String, format: EvalFormat, days: Int = 365) -> BenchResult {
        let path = root + "/benchmarks/policies/\(file).lua"
        do {
            var values = RequestValues()
            values.add(value: "2026-01-01", for: OptionCatalogue.from)
            values.add(value: Day(dayNumber: GregorianMath.dayNumber(year: 2026, month: 1, day: 1) + days - 1).iso,
                       for: OptionCatalogue.to)
            values.add(value: "2026-01-01", for: OptionCatalogue.today)
            let evaluation = try EvaluationOptions(values, environmentLocale: "en_US")
            let bytes = try PolicySources.read(path)
            let policy = try PolicySources.load(path, source: bytes,
                                                options: PolicySources.options(today: evaluation.settings.today, print: nil))
            let span = try SpanResolver.resolve(values, settings: evaluation.settings)
            let before = policy.callCount
            let (ns, _) = measure {
                _ = try? EvalUseCase.report(paths: [path], evaluation: evaluation, span: span, grids: [], format: format,
                                            policies: [policy])
                return 0
            }
            let calls = policy.callCount - before
            // The figure of interest is calls per day: `check` holds it (x1000, for an integer).
            return BenchResult(name: name, unit: "day", operations: span.days.count, elapsed: ns,
                               check: calls * 1000 / span.days.count)
        } catch {
            return .skipped(name, unit: "day", because: "\(error)")
        }
    }
}
