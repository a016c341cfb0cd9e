import Glibc

/// One measured workload: the time per operation and a checksum of what it computed,
/// so a workload that was optimised away or answered differently shows up.
struct BenchResult {
    var name: String
    /// What one operation is: a day, a month grid, a whole evaluation.
    var unit: String
    var operations: Int
    /// CPU time of the process (all threads): what the work cost, mostly immune to
    /// other jobs on a shared machine taking the core away.
    var nanoseconds: Double
    /// Wall time, reported beside it.
    var wallNanoseconds: Double = 0
    /// Workload-specific count (denied days, cells built); compared across workloads.
    var check: Int
    /// Set when the workload could not run (the reason replaces the figure).
    var skipped: String? = nil

    var nanosecondsPerOperation: Double { operations > 0 ? nanoseconds / Double(operations) : 0 }

    static func skipped(_ name: String, unit: String, because reason: String) -> BenchResult {
        BenchResult(name: name, unit: unit, operations: 0, nanoseconds: 0, check: 0, skipped: reason)
    }

    var json: String {
        var fields = ["\"name\": \(quoted(name))", "\"unit\": \(quoted(unit))", "\"operations\": \(operations)",
                      "\"ns_per_op\": \(nanosecondsPerOperation)",
                      "\"wall_ns_per_op\": \(operations > 0 ? wallNanoseconds / Double(operations) : 0)",
                      "\"check\": \(check)"]
        if let skipped { fields.append("\"skipped\": \(quoted(skipped))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

/// A span of time measured two ways.
struct Elapsed {
    var cpu = 0.0
    var wall = 0.0

    static func += (lhs: inout Elapsed, rhs: Elapsed) {
        lhs.cpu += rhs.cpu
        lhs.wall += rhs.wall
    }
}

/// CPU time of the whole process (every thread), in nanoseconds.
func processCPUTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

/// Process CPU time and monotonic wall time of `body`, in nanoseconds.
func measure(_ body: () throws -> Int) rethrows -> (elapsed: Elapsed, check: Int) {
    let clock = ContinuousClock()
    let cpuStart = processCPUTime()
    let start = clock.now
    let check = try body()
    let wall = clock.now - start
    let cpu = processCPUTime() - cpuStart
    let (seconds, attoseconds) = wall.components
    return (Elapsed(cpu: cpu, wall: Double(seconds) * 1e9 + Double(attoseconds) / 1e9), check)
}

extension BenchResult {
    init(name: String, unit: String, operations: Int, elapsed: Elapsed, check: Int) {
        self.init(name: name, unit: unit, operations: operations, nanoseconds: elapsed.cpu,
                  wallNanoseconds: elapsed.wall, check: check)
    }
}
