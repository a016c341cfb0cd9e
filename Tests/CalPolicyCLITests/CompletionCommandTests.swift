import Testing
@testable import CalPolicyCLI
import CalPolicyRequests
import CalendarCore

/// `calpolicy completion SHELL`: the model is the command table, and each script names it all.
@Suite struct CompletionCommandTests {
    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let console = Console(environment: ["LANG": "en_US.UTF-8"])
        let code = CLI.run(arguments, console: console)
        return (code, console.out, console.err)
    }

    @Test func modelIsTheCommandTable() {
        let model = CompletionModel.current
        #expect(model.commandNames == CommandCatalog.names + ["serve", "help"])
        #expect(model.calendars == CalendarIdentifier.allCases.map(\.rawValue))
        #expect(model.locales.contains("he_IL") && model.locales.count == LocaleCatalog.identifiers.count)
        let eval = model.commands.first { $0.name == "eval" }!
        #expect(eval.options.map(\.name) == CommandCatalog.eval.options.map(\.name))
        #expect(eval.options.first { $0.name == "format" }?.values == .words(["text", "json", "csv", "html", "ics"]))
        #expect(eval.options.first { $0.name == "calendar" }?.values == .calendars)
        #expect(eval.options.first { $0.name == "month" }?.values == CompletionModel.Values.none)
        #expect(eval.positionals == .policies)
        #expect(model.commands.first { $0.name == "import" }?.positionals == .files(suffix: ".ics"))
    }

    @Test func placeholdersOfWordsAreChoicesOthersAreNot() {
        #expect(CompletionModel.values(OptionCatalogue.week) == CompletionModel.Values.none)      // DATE|YYYY-Www
        #expect(CompletionModel.values(OptionCatalogue.mode) == .words(["single", "multiple", "range", "week", "month"]))
        #expect(CompletionModel.values(OptionSpec.value("out", "FILE", help: "")) == .files)
    }

    @Test(arguments: ["bash", "zsh", "fish"]) func everyShellNamesEveryCommandAndOption(shell: String) {
        let result = run(["completion", shell])
        #expect(result.code == 0 && result.err.isEmpty)
        for command in CommandTable.all {
            #expect(result.out.contains(command.name))
            for option in command.spec.options { #expect(result.out.contains(option.name)) }
        }
        #expect(result.out.contains("islamic-umm-al-qura"))
    }

    @Test func unknownShellIsAUsageErrorWithASuggestion() {
        let result = run(["completion", "bsh"])
        #expect(result.code == 2)
        #expect(result.err.contains("'bsh'") && result.err.contains("did you mean 'bash'"))
        #expect(run(["completion"]).code == 2)
    }
}
