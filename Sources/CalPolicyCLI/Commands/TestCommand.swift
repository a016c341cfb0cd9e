import CalPolicyArguments
import CalPolicyRequests
import Foundation
import PolicyEngine
import Rendering

/// `calpolicy test [PATH ...]`: thin over `PolicyTestRunner`; renders text or JUnit.
enum TestCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.test }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let paths = parsed.positionals.isEmpty ? ["policies"] : parsed.positionals
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw .usage(.badPolicyPath(path, problem: "no such file or directory; expected test files or a folder"))
        }
        let format = try parsed.choice(CommandCatalog.testFormat, default: TestFormat.text)
        let evaluation = try console.evaluation(parsed)
        var limits = LuaPolicyOptions()
        limits.print = PolicyPrintLine.handler(verbose: parsed.has("verbose"))
        var options = PolicyTestOptions(filter: parsed.value("run"), coverage: parsed.has("coverage"),
                                        updateSnapshots: parsed.has("update-snapshots"), limits: limits,
                                        snapshotText: SnapshotDocument.text)
        options.builtIns = evaluation.builtIns
        options.calendar = evaluation.settings.system
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
        let text = TestReportRenderer.text(report, verbose: parsed.has("verbose"))
        if format == .junit {
            let xml = JUnitReport.xml(report)
            if let out = parsed.value("out") {
                try OutputFile.write(xml, to: out)
                console.write(text)
            } else {
                console.write(xml)
            }
        } else if let out = parsed.value("out") {
            try OutputFile.write(text, to: out)
            console.print(TestReportRenderer.summary(report))
        } else {
            console.write(text)
        }
        return report.failedCount > 0 ? ExitCode.stop : ExitCode.ok
    }
}

/// Writing `--out FILE`, creating its folder when missing; a failure is a usage error naming
/// the file.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(CLIError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw .usage(.invalidValue(path, option: CommandCatalog.out.display,
                                           reason: "cannot create its folder '\(folder.path)'"))
            }
        }
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw .usage(.invalidValue(path, option: CommandCatalog.out.display,
                                       reason: "cannot write the file; expected a writable path"))
        }
    }
}
