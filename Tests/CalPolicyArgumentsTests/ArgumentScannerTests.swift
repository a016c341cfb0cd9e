import Testing
@testable import CalPolicyArguments
import CalPolicyRequests

@Suite struct ArgumentScannerTests {
    func scan(_ arguments: [String], _ spec: CommandSpec = TestSpecs.eval) throws(UsageError) -> RequestValues {
        try ArgumentScanner(spec: spec).scan(ArgumentToken.tokenise(arguments))
    }

    func error(_ arguments: [String], _ spec: CommandSpec = TestSpecs.eval) -> UsageError? {
        do { _ = try scan(arguments, spec); return nil } catch { return error }
    }

    @Test func valuesFlagsAndPositionalsAreSeparated() throws {
        let parsed = try scan(["a.lua", "--month", "2026-12", "--verbose", "b.lua", "--format=json"])
        #expect(parsed.positionals == ["a.lua", "b.lua"])
        #expect(parsed.value("month") == "2026-12")
        #expect(parsed.value("format") == "json")
        #expect(parsed.has("verbose"))
        #expect(!parsed.has("year"))
    }

    @Test func repeatedOptionCollectsEveryValueInOrder() throws {
        let parsed = try scan(["--mode", "multiple", "--tap", "2026-01-02", "--tap=2026-01-01"], TestSpecs.select)
        #expect(parsed.all("tap") == ["2026-01-02", "2026-01-01"])
    }

    @Test func unknownOptionSuggestsNearMiss() {
        #expect(error(["--mnth", "2024-01"]) == .unknownOption("--mnth", suggestion: "--month"))
        #expect(error(["--fomrat", "json"]) == .unknownOption("--fomrat", suggestion: "--format"))
        #expect(error(["-month"]) == .unknownOption("-month", suggestion: "--month"))
        #expect(error(["---month=2026-01"]) == .unknownOption("---month=2026-01", suggestion: "--month"))
        #expect(error(["-mnth"]) == .unknownOption("-mnth", suggestion: "--month"))
    }

    @Test func unknownOptionFarFromAllHasNoSuggestion() {
        #expect(error(["--banana"]) == .unknownOption("--banana", suggestion: nil))
    }

    @Test func unknownShortOptionIsReported() {
        #expect(error(["-x"]) == .unknownOption("-x", suggestion: nil))
    }

    @Test func optionAtEndOrBeforeAnotherOptionMissesItsValue() {
        #expect(error(["--month"]) == .missingValue(option: "--month <YYYY-MM>"))
        #expect(error(["--month", "--year", "2026"]) == .missingValue(option: "--month <YYYY-MM>"))
    }

    @Test func flagRejectsAValue() {
        #expect(error(["--verbose=yes"]) == .unexpectedValue("yes", option: "--verbose"))
    }

    @Test func singleOptionGivenTwiceIsAnError() {
        #expect(error(["--month", "2026-01", "--month=2026-02"]) == .duplicateOption("--month <YYYY-MM>"))
    }

    @Test func commandWithoutPositionalsRejectsThem() {
        let spec = CommandSpec(name: "demo", abstract: "", positionalUsage: "", maxPositionals: 0,
                               options: [], discussion: "")
        #expect(error(["stray"], spec) == .unexpectedArgument("stray", command: "demo"))
    }
}

/// Commands shaped like the CLI's `eval` and `select`, from the catalogue's options.
enum TestSpecs {
    static let format = OptionSpec.choice("format", EvalFormat.allCases, help: "Output format.")
    static let verbose = OptionSpec.flag("verbose", short: "v", help: "Say more.")
    static let help = OptionSpec.flag("help", short: "h", help: "Show help.")
    static let weekNumbers = OptionSpec.flag("week-numbers", help: "Show week numbers.")
    static let eval = CommandSpec(
        name: "eval", abstract: "Evaluate.", positionalUsage: "[POLICY ...]",
        options: [OptionCatalogue.month, OptionCatalogue.year, OptionCatalogue.week, OptionCatalogue.from,
                  OptionCatalogue.to, OptionCatalogue.calendar, OptionCatalogue.locale, OptionCatalogue.include,
                  OptionCatalogue.min, OptionCatalogue.max, OptionCatalogue.firstWeekday, OptionCatalogue.today,
                  OptionCatalogue.weekRule, format, weekNumbers, OptionCatalogue.timeout, verbose, help],
        discussion: "")
    static let select = CommandSpec(
        name: "select", abstract: "Select.", positionalUsage: "[POLICY ...]",
        options: [OptionCatalogue.mode, OptionCatalogue.tap, OptionCatalogue.selection, OptionCatalogue.pending,
                  OptionCatalogue.rangeRule, OptionCatalogue.minLength, OptionCatalogue.maxLength,
                  OptionCatalogue.maxCount, format, verbose, help],
        discussion: "")
}
