import Testing
@testable import CalPolicyCLI

@Suite struct ArgumentScannerTests {
    func scan(_ arguments: [String], _ spec: CommandSpec = CommandCatalog.eval) throws(UsageError) -> ParsedArguments {
        try ArgumentScanner(spec: spec).scan(ArgumentToken.tokenise(arguments))
    }

    func error(_ arguments: [String], _ spec: CommandSpec = CommandCatalog.eval) -> UsageError? {
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
        let parsed = try scan(["--mode", "multiple", "--tap", "2026-01-02", "--tap=2026-01-01"], CommandCatalog.select)
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
