import PolicyEngine

/// `test` output as text (JUnit XML is `JUnitReport`).
public enum TestReportRenderer {
    public static func summary(_ report: PolicyTestReport) -> String {
        "\(report.passedCount) passed, \(report.failedCount) failed"
    }

    /// Failures first-class, passing tests only with `--verbose`, coverage, then the count.
    public static func text(_ report: PolicyTestReport, verbose: Bool) -> String {
        var lines: [String] = []
        for result in report.results {
            if result.updated { lines.append("updated \(result.file)") }
            if result.passed {
                if verbose { lines.append("ok \(result.file):\(result.line): \(result.name)") }
                continue
            }
            for failure in result.failures {
                lines.append("\(failure.file):\(failure.line): \(result.kind == .snapshot ? "" : "test ")'\(result.name)': "
                    + "expected \(failure.expected), got \(failure.actual)")
            }
        }
        for coverage in report.coverage {
            let total = coverage.linesRun.count + coverage.linesNotRun.count
            lines.append("coverage \(coverage.path): \(coverage.linesRun.count) of \(total) lines ran (\(coverage.percent)%)")
            if !coverage.linesNotRun.isEmpty {
                lines.append("  lines not run: \(PolicyCoverage.ranges(coverage.linesNotRun))")
            }
            if !coverage.rulesNeverDeciding.isEmpty {
                lines.append("  rules that never decided a day: lines \(PolicyCoverage.ranges(coverage.rulesNeverDeciding))")
            }
        }
        lines.append(summary(report))
        // Test names, file names and policy text reach the terminal: every line is escaped.
        return lines.map(TerminalText.escape).joined(separator: "\n") + "\n"
    }
}
