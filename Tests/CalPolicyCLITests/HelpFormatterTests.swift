import Testing
@testable import CalPolicyCLI
@testable import CalPolicyArguments
import CalPolicyRequests

@Suite struct HelpFormatterTests {
    @Test func everyCommandHelpListsEveryOption() {
        for spec in CommandCatalog.all {
            let help = HelpFormatter.help(for: spec)
            #expect(help.contains("USAGE: calpolicy \(spec.name)"))
            for option in spec.options {
                #expect(help.contains(option.display), "\(spec.name) help misses \(option.display)")
            }
        }
    }

    @Test func topLevelHelpListsCommandsAndExitCodes() {
        let help = TopLevelHelp.text()
        for name in CommandCatalog.names { #expect(help.contains("  \(name) ")) }
        #expect(help.contains("2 usage error"))
    }

    @Test func optionNamesAreUniquePerCommand() {
        for spec in CommandCatalog.all {
            #expect(Set(spec.options.map(\.name)).count == spec.options.count)
        }
    }
}
