import Foundation
import PolicyEngine

/// `calpolicy test [PATH ...]`: thin over `PolicyTestRunner`; renders text or JUnit.
enum TestCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Int32 {
        let paths = parsed.positionals.isEmpty ? ["policies"] : parsed.positionals
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw .usage(.badPolicyPath(path, problem: "no such file or directory; expected test files or a folder"))
        }
        let format = try FormatOption.value(parsed, option: CommandCatalog.testFormat, among: ["text", "junit"])
        var limits = LuaPolicyOptions()
        limits.verbose = parsed.has("verbose")
        let options = PolicyTestOptions(filter: parsed.value("run"), coverage: parsed.has("coverage"),
                                        updateSnapshots: parsed.has("update-snapshots"), limits: limits)
        let found: PolicyTestDiscovery.Found
        do { found = try PolicyTestDiscovery.find(paths) } catch { throw .policy(error) }
        if found.testFiles.isEmpty && found.snapshots.isEmpty {
            // A CI job pointed at the wrong folder must not pass quietly.
            throw .usage(.badPolicyPath(paths.joined(separator: ", "),
                                        problem: "no test files ('*\(PolicyTestDiscovery.testSuffix)') or snapshots found"))
        }
        let report: PolicyTestReport
        do {
            report = try PolicyTestRunner.run(paths, options: options)
        } catch {
            throw .policy(error)
        }
        let text = render(report, verbose: parsed.has("verbose"))
        if format == "junit" {
            let xml = JUnitReport.xml(report)
            if let out = parsed.value("out") {
                try OutputFile.write(xml, to: out)
                console.write(text)
            } else {
                console.write(xml)
            }
        } else if let out = parsed.value("out") {
            try OutputFile.write(text, to: out)
            console.print(summary(report))
        } else {
            console.write(text)
        }
        return report.failedCount > 0 ? ExitCode.stop : ExitCode.ok
    }

    static func summary(_ report: PolicyTestReport) -> String {
        "\(report.passedCount) passed, \(report.failedCount) failed"
    }

    /// Failures first-class, passing tests only with `--verbose`, coverage, then the count.
    static func render(_ report: PolicyTestReport, verbose: Bool) -> String {
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
        return lines.map(ErrorRenderer.singleLine).joined(separator: "\n") + "\n"
    }
}

/// Writing `--out FILE`; a failure is a usage error naming the file.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(CLIError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .usage(.invalidValue(path, option: CommandCatalog.out.display,
                                       reason: "cannot write the file; expected a writable path"))
        }
    }
}
