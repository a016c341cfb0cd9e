import CalendarData
import CalendarCore
import Foundation

/// Runs policy test files and verifies stored snapshots.
///
/// A test file or a policy it names that cannot load is a policy error (thrown);
/// a failing expectation, a Lua error inside a test or a changed snapshot is a
/// failed test (reported).
public enum PolicyTestRunner {
    public static func run(_ paths: [String], options: PolicyTestOptions = .init()) throws(PolicyError) -> PolicyTestReport {
        let found = try PolicyTestDiscovery.find(paths)
        var results: [PolicyTestResult] = []
        var traces: [String: PolicyTrace] = [:]
        var order: [String] = []
        var limits = options.limits
        limits.tracing = options.coverage
        for file in found.testFiles {
            let folder = found.folders[file] ?? PolicyTestDiscovery.TestedFolder(
                shown: PolicyTestDiscovery.directory(of: file), real: PolicyTestDiscovery.directory(of: file))
            let ran = try runFile(file, folder: folder, options: options, limits: limits)
            results += ran.results
            for policy in ran.policies {
                let trace = policy.trace
                if traces[policy.path] == nil { order.append(policy.path) }
                traces[policy.path, default: PolicyTrace(path: policy.path, linesRun: [:], decidingLines: [:],
                                                         functionLines: [:])].merge(trace)
            }
        }
        for snapshot in found.snapshots {
            let name = "snapshot " + PolicyFile.fileName(of: snapshot)
            if let filter = options.filter, !name.contains(filter) { continue }
            let folder = found.folders[snapshot] ?? PolicyTestDiscovery.TestedFolder(
                shown: PolicyTestDiscovery.directory(of: snapshot), real: PolicyTestDiscovery.directory(of: snapshot))
            results.append(try SnapshotCheck.verify(snapshot, name: name, folder: folder, options: options))
        }
        let coverage = options.coverage ? order.compactMap { traces[$0].map(PolicyCoverage.init) } : []
        return PolicyTestReport(results: results, coverage: coverage)
    }

    private static func runFile(_ file: String, folder: PolicyTestDiscovery.TestedFolder, options: PolicyTestOptions,
                                limits: LuaPolicyOptions) throws(PolicyError) -> (results: [PolicyTestResult], policies: [LuaPolicy]) {
        let script = try PolicyTestScript(path: file, options: options.limits)
        let selected = script.tests.indices.filter { index in
            options.filter.map { script.tests[index].name.contains($0) } ?? true
        }
        guard !selected.isEmpty else { return ([], []) }
        var policyLimits = limits
        policyLimits.today = script.today
        let directory = PolicyTestDiscovery.directory(of: file)
        // Named in messages as in `eval`: the file name, unless two of the stack share it.
        let names = PolicyIdentity.displayNames(for: script.policies)
        var policies: [LuaPolicy] = []
        var stack: [any DayPolicy] = []
        for (index, name) in script.policies.enumerated() {
            if HolidayReference.isReference(name) {
                stack.append(try HolidayReference.builtInPolicy(name))
                continue
            }
            let line = script.policyLines[index]
            let path = try PolicyTestDiscovery.resolve(name, besideFileIn: directory, folder: folder, namedBy: file,
                                                       line: line > 0 ? line : nil, what: "test.policies entry")
            let source = try PolicyFile.source(path, limit: policyLimits.memoryLimit)
            policies.append(try LuaPolicy(path: path, source: source, options: policyLimits, displayName: names[index]))
            stack.append(policies[policies.count - 1])
        }
        var zone = ZoneWallTime.utc
        if let name = script.zone {
            switch ZoneNames.resolve(name) {
            case .success(let resolved): zone = resolved
            case .failure(let problem):
                throw PolicyError(kind: .runtime, file: file, message: "test.zone: \(problem.message)")
            }
        }
        let checker = ExpectationChecker(stack: PolicyStack(stack + options.builtIns),
                                         context: PolicyContext(calendar: options.calendar, today: script.today),
                                         file: file, zone: zone)
        var results: [PolicyTestResult] = []
        for index in selected {
            let declared = script.tests[index]
            var failures: [PolicyTestFailure] = []
            do {
                let records = try script.run(index)
                for record in records {
                    if let failure = try checker.check(record) { failures.append(failure) }
                }
                if records.isEmpty {
                    failures.append(PolicyTestFailure(file: file, line: declared.line, expected: "at least one expectation",
                                                      actual: "none (a test that checks nothing cannot fail)"))
                }
            } catch {
                if error.kind == .timeout { throw error }
                failures.append(PolicyTestFailure(file: file, line: error.line ?? declared.line,
                                                  expected: "the test to run", actual: "\(error.kind) error: \(error.message)"))
            }
            results.append(PolicyTestResult(kind: .test, file: file, name: declared.name, line: declared.line,
                                            failures: failures))
        }
        return (results, policies)
    }
}
