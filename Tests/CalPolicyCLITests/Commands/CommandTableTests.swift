import Testing
@testable import CalPolicyCLI

/// The command table makes a command only when asked for it, by a name its switch matches:
/// that name must be the one its spec gives, every name once.
@Suite struct CommandTableTests {
    @Test func everyNameHasACommand() {
        #expect(CommandTable.entries.count == CommandTable.names.count)
        for name in CommandTable.names { #expect(CommandTable.type(named: name) != nil, "\(name)") }
        #expect(CommandTable.type(named: "") == nil)
        #expect(CommandTable.type(named: "Eval") == nil)
    }

    @Test func eachEntrysNameIsItsSpecsName() {
        for entry in CommandTable.entries {
            #expect(entry.make().name == entry.name)
            #expect(CommandTable.command(named: entry.name)?.name == entry.name)
        }
    }

    @Test func namesAreUniqueAndInHelpOrder() {
        let names = CommandTable.entries.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(CommandCatalog.names == names)
        #expect(CommandCatalog.all.map(\.name) == names)
        #expect(names.first == "eval")
        #expect(CommandTable.command(named: "evaluate") == nil)
    }
}
