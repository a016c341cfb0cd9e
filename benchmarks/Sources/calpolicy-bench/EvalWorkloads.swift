import CalPolicyCLI
import Glibc

/// Whole `calpolicy eval` runs inside this process (argument parsing, policy load,
/// grids, every day's verdicts and decoration, rendering), with stdout sent to
/// /dev/null so only the work is timed, not a terminal.
struct EvalWorkloads {
    let root: String
    var minimumTime = 300_000_000.0

    func year(_ year: Int, format: String) -> BenchResult {
        let name = "eval.year-\(format)"
        let arguments = ["eval", root + "/policies/us-federal-holidays.lua", "--year", String(year), "--format", format]
        let saved = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else { return .skipped(name, unit: "eval", because: "cannot open /dev/null") }
        fflush(nil)
        dup2(null, STDOUT_FILENO)
        defer {
            fflush(nil)
            dup2(saved, STDOUT_FILENO)
            close(saved)
            close(null)
        }
        // Warm-up run, which also tells whether the command works in this build.
        let status = CLI.run(arguments)
        guard status == 0 else {
            return .skipped(name, unit: "eval", because: "calpolicy eval exited with \(status)")
        }
        var total = Elapsed(), runs = 0, failures = 0
        while total.cpu < minimumTime {
            let (ns, failed) = measure { CLI.run(arguments) == 0 ? 0 : 1 }
            total += ns
            runs += 1
            failures += failed
        }
        return BenchResult(name: name, unit: "eval", operations: runs, elapsed: total, check: failures)
    }
}
