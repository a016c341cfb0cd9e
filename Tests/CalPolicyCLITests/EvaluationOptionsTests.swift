import CalendarCore
import Testing
@testable import CalPolicyCLI
import CalPolicyArguments
import CalPolicyRequests

@Suite struct EvaluationOptionsTests {
    private func parse(_ command: CommandSpec, _ words: [String]) throws -> RequestValues {
        try ArgumentScanner(spec: command).scan(ArgumentToken.tokenise(words))
    }

    @Test func everyEvaluatingCommandTakesTheWholeGroup() throws {
        for name in ["eval", "snapshot", "diff", "explain", "test"] {
            let spec = try #require(CommandCatalog.spec(named: name))
            for option in CommandCatalog.evaluationOptions {
                #expect(spec.option(named: option.name) == option, "\(name) --\(option.name)")
            }
        }
    }

    @Test func theGroupParsesCalendarLocaleAndBuiltIns() throws {
        let parsed = try parse(CommandCatalog.explain, ["--calendar", "hebrew", "--locale", "de_DE", "--include",
                                                        "weekdays", "--min", "2026-12-01", "--max", "2026-12-31"])
        let options = try EvaluationOptions(parsed, environmentLocale: "en_US")
        #expect(options.settings.calendar == .hebrew)
        #expect(options.settings.localeIdentifier == "de_DE")
        #expect(options.builtIns.map(\.name) == ["include-days", "bounds"])
    }

    @Test func noneGivenMeansGregorianAndNoBuiltIns() throws {
        let options = try EvaluationOptions(try parse(CommandCatalog.diff, []), environmentLocale: "en_US")
        #expect(options.settings.calendar == .gregorian)
        #expect(options.builtIns.isEmpty)
    }
}
