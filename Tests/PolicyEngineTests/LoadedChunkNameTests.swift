import CalendarCore
import Testing
@testable import PolicyEngine

/// A chunk a policy compiles with `load` gets a name of its own ("load:…"), even when the
/// policy passes its own chunk name: errors and coverage never confuse it with the file.
@Suite struct LoadedChunkNameTests {
    let fixture = PolicyFixture()

    @Test func aLoadedChunkNamedLikeThePolicyIsNotAttributedToIt() throws {
        let path = fixture.directory + "/policy.lua"
        let source = """
            -- line 1: a comment, never run
            local chunk = load("local a = 1\\nerror('boom')", "@\(path)")
            function canSelect(day)
                chunk()
                return true
            end
            """
        let policy = try fixture.load(source)
        let error = PolicyFixture.error { _ = try policy.canSelect(Day.at("2026-01-01"), context: PolicyContext()) }
        #expect(error?.file == path)
        // Lua shortens long chunk names; the name keeps its "load:" start.
        #expect(error?.message.hasPrefix("load:") == true, "\(error?.description ?? "no error")")
        #expect(error?.message.hasSuffix(":2: boom") == true, "\(error?.description ?? "no error")")
        #expect(error?.line != 2)
    }

    @Test func coverageCountsOnlyThePolicysOwnLines() throws {
        let path = fixture.directory + "/traced.lua"
        let source = """
            -- line 1: a comment, never run
            local chunk = load("return 1", "=\(path)")
            local other = load("return 2", "@\(path)")
            function canSelect(day)
                return chunk() + other() > 0
            end
            """
        var options = LuaPolicyOptions()
        options.tracing = true
        let policy = try fixture.load(source, name: "traced.lua", options: options)
        _ = try policy.canSelect(Day.at("2026-01-01"), context: PolicyContext())
        #expect(policy.trace.linesRun[1] == nil, "\(policy.trace.linesRun)")
    }
}
