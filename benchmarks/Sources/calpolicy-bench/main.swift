// calpolicy-bench: one repetition of every in-process workload, printed as one JSON
// object on stdout. benchmarks/run.sh runs it several times, interleaved with the
// peers, and takes medians and pair-by-pair ratios. Build with `-c release`.
//
//   calpolicy-bench --root REPO [--days N] [--first YYYY-MM-DD] [--only PREFIX,...]
import CalendarCore
import Glibc

struct BenchArguments {
    var root = "."
    var days = 1_000_000
    var first = "1900-01-01"
    var peerFirstYear = 1900
    var peerLastYear = 2199
    var only: [String] = []

    init(_ arguments: [String]) throws(BenchUsage) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchUsage("option '\(flag)' needs a value") }
            switch flag {
            case "--root": root = value
            case "--days": days = try BenchArguments.number(value, flag)
            case "--first": first = value
            case "--peer-years":
                let parts = value.split(separator: "-").compactMap { Int($0) }
                guard parts.count == 2 else { throw BenchUsage("invalid value '\(value)' for '--peer-years': expected FIRST-LAST") }
                (peerFirstYear, peerLastYear) = (parts[0], parts[1])
            case "--only": only = value.split(separator: ",").map(String.init)
            default: throw BenchUsage("unknown option '\(flag)'")
            }
        }
    }

    func wants(_ name: String) -> Bool { only.isEmpty || only.contains { name.hasPrefix($0) } }

    private static func number(_ text: String, _ flag: String) throws(BenchUsage) -> Int {
        guard let n = Int(text), n > 0 else { throw BenchUsage("invalid value '\(text)' for '\(flag)': expected a positive integer") }
        return n
    }
}

struct BenchUsage: Error { let message: String; init(_ message: String) { self.message = message } }

func runBenchmarks(_ arguments: BenchArguments) throws -> [BenchResult] {
    let first = try Day(iso: arguments.first)
    let days = DayWorkloads(first: first, count: arguments.days, root: arguments.root)
    let grids = GridWorkloads()
    let eval = EvalWorkloads(root: arguments.root)
    let calls = LuaCallWorkloads(root: arguments.root)
    let holidays = HolidayWorkloads(root: arguments.root)
    let peerFirst = try Day(year: arguments.peerFirstYear, month: 1, day: 1)
    let peerLast = try Day(year: arguments.peerLastYear, month: 12, day: 31)

    let workloads: [(String, () -> BenchResult)] = [
        ("limit.native-swift", days.native),
        ("limit.bare-lua-call", days.bareCall),
        ("calpolicy.trivial.hook-on", { days.lua("calpolicy.trivial.hook-on", file: "trivial", hook: true) }),
        ("calpolicy.trivial.hook-off", { days.lua("calpolicy.trivial.hook-off", file: "trivial", hook: false) }),
        ("calpolicy.holidays.hook-on", { days.lua("calpolicy.holidays.hook-on", file: "holidays", hook: true) }),
        ("calpolicy.holidays.hook-off", { days.lua("calpolicy.holidays.hook-off", file: "holidays", hook: false) }),
        ("calpolicy.trivial.hook-sliced", {
            days.lua("calpolicy.trivial.hook-sliced", file: "trivial", hook: true, inRun: true)
        }),
        ("calpolicy.holidays.hook-sliced", {
            days.lua("calpolicy.holidays.hook-sliced", file: "holidays", hook: true, inRun: true)
        }),
        ("calpolicy.weekday-holidays", {
            days.weekdayHolidays("calpolicy.weekday-holidays", from: peerFirst, through: peerLast)
        }),
        ("grid.gregorian", { grids.grids(.gregorian, firstYear: 2000) }),
        ("grid.hebrew", { grids.grids(.hebrew, firstYear: 5760) }),
        ("grid.persian", { grids.grids(.persian, firstYear: 1379) }),
        ("eval.year-json", { eval.year(2026, format: "json") }),
        ("eval.year-text", { eval.year(2026, format: "text") }),
        ("calls.deny-and-decorate.json", { calls.callsPerDay("calls.deny-and-decorate.json", file: "deny-and-decorate",
                                                             format: .json) }),
        ("calls.deny-and-decorate.text", { calls.callsPerDay("calls.deny-and-decorate.text", file: "deny-and-decorate",
                                                             format: .text) }),
        ("holidays.load.DE", { holidays.load("DE") }),
        ("holidays.load.US", { holidays.load("US") }),
        ("holidays.load.IN", { holidays.load("IN") }),
        ("holidays.load-all-years.IN", { holidays.loadAllYears("IN") }),
        ("holidays.lookup.US-government", { holidays.lookup() }),
    ]
    return workloads.filter { arguments.wants($0.0) }.map { $0.1() }
}

/// One line on stderr, through write(2) rather than the C `stderr` global.
func printError(_ message: String) {
    let line = Array("calpolicy-bench: \(message)\n".utf8)
    line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

#if DEBUG
printError("warning: this is a debug build; figures are meaningless (build with -c release)")
#endif
do {
    let arguments = try BenchArguments(Array(CommandLine.arguments.dropFirst()))
    let results = try runBenchmarks(arguments)
    print("{\"results\": [\n  " + results.map(\.json).joined(separator: ",\n  ") + "\n]}")
} catch let usage as BenchUsage {
    printError(usage.message)
    exit(2)
} catch {
    printError("\(error)")
    exit(1)
}
