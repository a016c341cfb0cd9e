import Testing
@testable import CalPolicyCLI
@testable import CalPolicyArguments
import CalPolicyRequests
import Rendering

@Suite struct ColorTests {
    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(Console(stdoutIsTerminal: true, environment: [:]).usesColor)
        #expect(!Console(stdoutIsTerminal: false, environment: [:]).usesColor)
        #expect(!Console(stdoutIsTerminal: true, environment: ["NO_COLOR": ""]).usesColor)
        #expect(!Console(stdoutIsTerminal: true, environment: ["NO_COLOR": "1"]).usesColor)
        #expect(!Console(stdoutIsTerminal: true, environment: ["TERM": "dumb"]).usesColor)
    }

    func eval(terminal: Bool, environment: [String: String]) -> String {
        let console = Console(stdoutIsTerminal: terminal, environment: environment)
        _ = CLI.run(["eval", "--month", "2026-12", "--include", "weekdays", "--today", "2026-12-08"], console: console)
        return console.out
    }

    @Test func terminalOutputDimsDeniedDaysAndReversesToday() {
        let out = eval(terminal: true, environment: [:])
        #expect(out.contains(ANSI.dim + " 5" + ANSI.reset + "!"))
        #expect(out.contains(ANSI.reverse + " 8" + ANSI.reset))
    }

    @Test func noColorAndPipesGetPlainText() {
        #expect(!eval(terminal: true, environment: ["NO_COLOR": "1"]).contains("\u{1B}"))
        #expect(!eval(terminal: false, environment: [:]).contains("\u{1B}"))
    }

    @Test func weekRuleLocaleNumbersUSWeeksFromJanuaryFirst() {
        func firstRow(_ rule: String) -> String {
            let console = Console(environment: [:])
            _ = CLI.run(["eval", "--month", "2027-01", "--week-numbers", "--week-rule", rule, "--locale", "en_US"],
                        console: console)
            return console.out.split(separator: "\n").dropFirst(2).first.map(String.init) ?? ""
        }
        #expect(firstRow("iso").hasPrefix("53 "))
        #expect(firstRow("locale").hasPrefix(" 1 "))
    }
}
