import CalendarCore
import PolicyEngine

/// Per-day workloads: the same consecutive days asked of a native Swift policy,
/// a bare Lua call and Lua policies through the engine. `check` counts denied
/// days, so the native port and the Lua file must agree.
struct DayWorkloads {
    let first: Day
    let count: Int
    let root: String

    private var holidaysPath: String { root + "/policies/us-federal-holidays.lua" }
    private var trivialPath: String { root + "/benchmarks/policies/trivial.lua" }

    func native() -> BenchResult {
        let policy = NativeUSFederalHolidays()
        return denials("limit.native-swift", policy)
    }

    func bareCall() -> BenchResult {
        let name = "limit.bare-lua-call"
        guard let bare = BareLuaCall() else { return .skipped(name, unit: "day", because: "cannot open a lua state") }
        let start = first.dayNumber, count = self.count
        let (ns, failures) = measure {
            var failures = 0
            for n in start..<start + count where bare.call(n) != 1 { failures += 1 }
            return failures
        }
        return BenchResult(name: name, unit: "day", operations: count, elapsed: ns, check: failures)
    }

    /// `hook`: the count hook on (outside a run: counted from the first instruction, strict)
    /// or off; `inRun`: asked inside a patrolled `PolicyRun`, as every command and request asks,
    /// where the default sliced budget leaves the hook off until a call outlives a slice.
    func lua(_ name: String, file: String, hook: Bool, inRun: Bool = false) -> BenchResult {
        let path = file == "trivial" ? trivialPath : holidaysPath
        var options = LuaPolicyOptions()
        options.hookEnabled = hook
        do {
            let policy = try LuaPolicy(path: path, options: options)
            guard inRun else { return denials(name, policy) }
            return PolicyRun(limits: RunLimits(deadline: 3600), onStuck: { _ in }).perform { denials(name, policy) }
        } catch {
            return .skipped(name, unit: "day", because: "\(error)")
        }
    }

    /// "Selectable = a weekday and not a federal holiday", stacked as `calpolicy eval
    /// POLICY --include weekdays` stacks it (the file first); `check` counts selectable days.
    func weekdayHolidays(_ name: String, from: Day, through: Day) -> BenchResult {
        do {
            let stack = PolicyStack([try LuaPolicy(path: holidaysPath), IncludeDaysPolicy(.weekdays)])
            let context = PolicyContext()
            let (ns, selectable) = try measure {
                var selectable = 0
                for n in from.dayNumber...through.dayNumber
                where try stack.canSelect(Day(dayNumber: n), context: context).isAllowed {
                    selectable += 1
                }
                return selectable
            }
            return BenchResult(name: name, unit: "day", operations: through.dayNumber - from.dayNumber + 1,
                               elapsed: ns, check: selectable)
        } catch {
            return .skipped(name, unit: "day", because: "\(error)")
        }
    }

    private func denials(_ name: String, _ policy: some DayPolicy) -> BenchResult {
        let context = PolicyContext()
        let start = first.dayNumber, count = self.count
        do {
            let (ns, denied) = try measure {
                var denied = 0
                for n in start..<start + count where try !policy.canSelect(Day(dayNumber: n), context: context).isAllowed {
                    denied += 1
                }
                return denied
            }
            return BenchResult(name: name, unit: "day", operations: count, elapsed: ns, check: denied)
        } catch {
            return .skipped(name, unit: "day", because: "\(error)")
        }
    }
}
