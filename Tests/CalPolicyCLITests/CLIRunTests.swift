import Testing
@testable import CalPolicyCLI
@testable import CalPolicyArguments
import CalPolicyRequests

/// The whole command line in-process, for shapes that need no policy file.
@Suite struct CLIRunTests {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(environment: ["LANG": "en_US.UTF-8"])
        let code = CLI.run(arguments, console: console)
        return (code, console.out, console.err)
    }

    @Test func noArgumentsIsAUsageError() {
        let result = run([])
        #expect(result.code == 2)
        #expect(result.err == "calpolicy: missing command; expected one of eval, select, workdays, overlay, revalidate, gate, replay, override, export, gitops-pause, check, test, lint, new, snapshot, diff, explain, repl, import, holidays, bundle, completion\n")
    }

    @Test func helpAndVersionExitZero() {
        #expect(run(["--help"]).code == 0)
        #expect(run(["help", "select"]).out.contains("--mode"))
        #expect(run(["eval", "--month", "bad", "--help"]).code == 0)
        #expect(run(["--version"]).out == "calpolicy \(CommandCatalog.version) (\(BuildCommit.current))\n")
        #expect(run(["-V"]).code == 0)
    }

    @Test func helpForUnknownCommandSuggests() {
        let result = run(["help", "selct"])
        #expect(result.code == 2)
        #expect(result.err == "calpolicy: unknown command 'selct'; did you mean 'select'?\n")
    }

    @Test func conflictingSpansAreRejected() {
        let result = run(["eval", "--month", "2026-01", "--year", "2026"])
        #expect(result.code == 2)
        #expect(result.err == "calpolicy: options '--month <YYYY-MM>' and '--year <YYYY>' cannot be used together\n")
    }

    @Test func toWithoutFromIsRejected() {
        #expect(run(["eval", "--to", "2026-01-01"]).err
            == "calpolicy: option '--to <YYYY-MM-DD>' requires '--from <YYYY-MM-DD>'\n")
    }

    @Test func selectNeedsAMode() {
        let result = run(["select", "--tap", "2026-01-01"])
        #expect(result.code == 2)
        #expect(result.err.contains("missing required option '--mode"))
    }

    @Test func checkNeedsAPolicy() {
        #expect(run(["check"]).err == "calpolicy: missing argument POLICY\n")
    }

    @Test func evalWithoutPoliciesDrawsTheMonth() {
        let result = run(["eval", "--month", "2026-02", "--today", "2026-02-10"])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("   February 2026\nSu Mo Tu We Th Fr Sa\n 1  2  3  4  5  6  7\n"))
        #expect(result.err.isEmpty)
    }
}

@Suite struct CLICaptureTests {
    @Test func captureReturnsStatusAndBothStreams() {
        let ok = CLI.capture(["eval", "--month", "2026-02", "--format", "csv"])
        #expect(ok.status == 0)
        #expect(ok.stdout.split(separator: "\n").count == 29)
        #expect(ok.stderr.isEmpty)
        let bad = CLI.capture(["eval", "--mnth", "2026-02"])
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr == "calpolicy: unknown option '--mnth'; did you mean '--month'?\n")
    }

    @Test func arbitraryBytesNeverTrap() {
        // A small deterministic sample of the inputs a fuzzer would try.
        let words = ["", "-", "--", "---", "-h", "--month", "--month=", "=", "eval", "select", "check", "\u{0}",
                     "2026-02-30", "9999-12-31", "0000-00-00", "--tap", "--mode", "range", "--from", "--to",
                     "--calendar", "hebrew", "5784-06L", "--year", "99999999999999999999", "é", "--format", "json"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var arguments: [String] = []
            for _ in 0..<Int(seed % 6) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                arguments.append(words[Int(seed >> 33) % words.count])
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let result = CLI.capture(arguments)
            #expect([0, 1, 2, 3].contains(result.status), "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count <= 1, "\(arguments)")
        }
    }

    @Test func evalDaysAreOneLineEachWithoutDecorations() {
        let result = CLI.capture(["eval", "--from", "2026-01-01", "--to", "2026-01-03", "--format", "json"])
        let dayLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("    {\"date\": \"2026-01-0") }
        #expect(dayLines.count == 3)
    }
}
