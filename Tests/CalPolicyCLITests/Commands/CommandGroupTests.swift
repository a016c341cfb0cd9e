import Testing
@testable import CalPolicyCLI

/// A group's actions are named after the group, end their options with --help, and take as
/// many arguments as their usage names (any number with "...").
@Suite struct CommandGroupTests {
    @Test func actionsAreNamedAfterTheirGroupAndTakeWhatTheirUsageNames() {
        let limits: [String: Int?] = [
            "bundle build": 1, "bundle sign": 1, "bundle verify": 1, "bundle inspect": 1, "bundle keygen": 0,
            "override add": nil, "override list": 0, "override check": nil,
        ]
        let actions = [BundleCommand.command, OverrideCommand.command].flatMap(\.actions)
        #expect(Set(actions.map(\.name)) == Set(limits.keys))
        for action in actions {
            #expect(action.spec.maxPositionals == limits[action.name] ?? -1, "\(action.name)")
            #expect(action.spec.options.last?.name == "help", "\(action.name)")
            #expect(action.spec.program == "calpolicy \(action.name)")
        }
        #expect(BundleCommand.command.actions.map(\.actionName) == ["build", "sign", "verify", "inspect", "keygen"])
        #expect(OverrideCommand.command.actions.map(\.actionName) == ["add", "list", "check"])
    }
}
