import Testing
@testable import CalPolicyCLI
@testable import CalPolicyArguments
import CalPolicyRequests

@Suite struct UsageErrorTests {
    @Test func everyCaseRendersAsOneLowercaseLine() {
        let errors: [UsageError] = [
            .missingCommand(expected: ["eval"]), .unknownCommand("evl", suggestion: "eval", expected: ["eval"]),
            .unknownCommand("x", suggestion: nil, expected: ["eval"]),
            .unknownOption("--mnth", suggestion: "--month"), .unknownOption("--q", suggestion: nil),
            .missingValue(option: "--month <YYYY-MM>"), .unexpectedValue("1", option: "--verbose"),
            .duplicateOption("--year <YYYY>"), .invalidValue("x", option: "--year <YYYY>", reason: "r"),
            .conflictingOptions("--month <YYYY-MM>", "--year <YYYY>"), .missingOption("--mode <MODE>"),
            .requiresOption("--to <YYYY-MM-DD>", requires: "--from <YYYY-MM-DD>"), .missingArgument("POLICY"),
            .unexpectedArgument("x", command: "demo"), .badPolicyPath("a.lua", problem: "no such file"),
        ]
        for error in errors {
            let line = ErrorRenderer.lines(for: .usage(error), verbose: true)
            #expect(line.count == 1)
            #expect(line.first?.hasPrefix("calpolicy: ") == true)
            #expect(line.first?.contains("\n") == false)
            #expect(line.first?.first(where: \.isLetter)?.isLowercase == true)
            #expect(ErrorRenderer.exitCode(for: .usage(error)) == 2)
        }
    }

    @Test func messagesMatchTheDocumentedShapes() {
        #expect(ErrorRenderer.lines(for: .usage(.unknownOption("--mnth", suggestion: "--month")), verbose: false)
            == ["calpolicy: unknown option '--mnth'; did you mean '--month'?"])
        #expect(ErrorRenderer.lines(for: .request(RequestError(OptionCatalogue.month, value: "2024-13",
                                                               reason: "month must be 1...12")), verbose: false)
            == ["calpolicy: invalid value '2024-13' for '--month <YYYY-MM>': month must be 1...12"])
        #expect(UsageError.unknownCommand("evl", suggestion: "eval", expected: CommandCatalog.names).description
            == "unknown command 'evl'; did you mean 'eval'?")
        #expect(UsageError.missingCommand(expected: CommandCatalog.names).description == "missing command; expected one of eval, select, workdays, overlay, revalidate, gate, replay, override, export, gitops-pause, check, test, lint, new, snapshot, diff, explain, repl, import, holidays, bundle, completion")
    }

    @Test func policyFileProblemsExitThree() {
        let error = CLIError.policyFile(path: "empty.lua", problem: "empty file; expected a Lua policy")
        #expect(ErrorRenderer.exitCode(for: error) == 3)
        #expect(ErrorRenderer.lines(for: error, verbose: false)
            == ["calpolicy: empty.lua: empty file; expected a Lua policy"])
    }

    @Test func controlCharactersInMessagesStayOnOneLine() {
        #expect(ErrorRenderer.singleLine("a\nb\tc\u{1B}[31m") == "a\\nb c\\u{1b}[31m")
        #expect(ErrorRenderer.singleLine("a\u{85}b\u{9B}2J\u{2028}c\u{2029}") == "a\\u{85}b\\u{9b}2J\\u{2028}c\\u{2029}")
    }
}

@Suite struct UsageLineTests {
    @Test func newlinesInArgumentsDoNotSplitTheLine() {
        let result = CLI.capture(["eval", "--month", "2026\n-13"])
        #expect(result.status == 2)
        #expect(result.stderr == "calpolicy: invalid value '2026\\n-13' for '--month <YYYY-MM>': expected YYYY-MM, YYYY-MML for a leap month, or ERA:YYYY-MM\n")
        #expect(CLI.scanProblem(["ev\nal"])?.contains("\n") == false)
        #expect(CLI.scanProblem(["eval", "--x\r\u{1B}[31m"]) == "calpolicy: unknown option '--x\\r\\u{1b}[31m'")
    }
}

@Suite struct SelectBoundsTests {
    @Test func tapsFurtherApartThanFourHundredYearsAreAUsageError() {
        let result = CLI.capture(["select", "--mode", "range", "--tap", "0001-01-01", "--tap", "9999-12-31"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("calpolicy: invalid value '9999-12-31' for '--tap"))
        #expect(result.stderr.contains("400 years"))
    }

    @Test func tapsWithinFourHundredYearsAreReplayed() {
        let result = CLI.capture(["select", "--mode", "range", "--tap", "2026-01-05", "--tap", "2026-01-09"])
        #expect(result.status == 0)
    }
}
