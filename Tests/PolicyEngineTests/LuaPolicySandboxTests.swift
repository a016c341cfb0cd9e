import CalendarCore
import Testing
@testable import PolicyEngine

/// Every sandbox rule with real Lua: each escape ends in a typed error naming the file.
@Suite struct LuaPolicySandboxTests {
    let fixture = PolicyFixture()
    let day = Day.at("2026-03-02")

    private func callError(_ body: String, options: LuaPolicyOptions = .init()) throws -> PolicyError? {
        let policy = try fixture.load("function canSelect(day, selection)\n\(body)\nend", options: options)
        return PolicyFixture.error { _ = try policy.canSelect(day, context: PolicyContext()) }
    }

    private func loadError(_ source: String, name: String = "policy.lua") -> PolicyError? {
        PolicyFixture.error { _ = try fixture.load(source, name: name) }
    }

    @Test(arguments: [
        ("os.execute('touch /tmp/calpolicy-escape')", "'os' is not available in policies"),
        ("io.open('/etc/passwd')", "'io' is not available in policies"),
        ("require('os')", "'require' is not available in policies"),
        ("dofile('/etc/passwd')", "'dofile' is not available in policies"),
        ("loadfile('/etc/passwd')", "'loadfile' is not available in policies"),
        ("debug.getinfo(1)", "'debug' is not available in policies"),
        ("package.loadlib('libc.so.6', 'system')", "'package' is not available in policies"),
        ("string.dump(function() end)", "'string.dump' is not available in policies"),
        ("math.random()", "'math.random' is not available in policies"),
        ("collectgarbage()", "collectgarbage('collect') is not available in policies; only 'count'"),
        ("coroutine.wrap(function() end)", "'coroutine' is not available in policies"),
        ("setmetatable({}, { __gc = function() end })", "'__gc' metamethods are not allowed in policies"),
        ("load(string.char(27) .. 'Lua', 'x', 'b')", "binary chunks are not allowed in policies"),
    ])
    func escapeEndsAsSandboxError(code: String, message: String) throws {
        let error = try callError(code + "\nreturn true")
        #expect(error?.kind == .sandbox)
        #expect(error?.message == message)
        #expect(error?.line == 2)
        #expect(error?.function == "canSelect")
        #expect(error?.day == day)
        #expect(error?.file.hasSuffix("/policy.lua") == true)
    }

    @Test func caughtSandboxErrorRethrownKeepsItsKind() throws {
        let error = try callError("local ok, e = pcall(function() return io.open('x') end)\nerror(e, 0)")
        #expect(error?.kind == .sandbox)
    }

    @Test func sharedStringMetatableIsHidden() throws {
        let error = try callError("local mt = getmetatable('')\nreturn false, tostring(mt)")
        #expect(error == nil)
        let policy = try fixture.load("function canSelect() return false, tostring(getmetatable('')) end")
        #expect(try policy.canSelect(day, context: PolicyContext()) == .denied(reason: "false"))
    }

    @Test func loadAcceptsTextWithThePolicyGlobals() throws {
        let policy = try fixture.load("""
            answer = 'from globals'
            function canSelect() return false, load('return answer')() end
            """)
        #expect(try policy.canSelect(day, context: PolicyContext()) == .denied(reason: "from globals"))
    }

    @Test func bytecodeFileIsRefusedBeforeLuaSeesIt() throws {
        var bytes: [UInt8] = [27] + Array("Lua".utf8) + [0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [UInt8](repeating: 0xFF, count: 64)
        let path = fixture.write(bytes: bytes, name: "compiled.lua")
        let error = PolicyFixture.error { _ = try LuaPolicy(path: path) }
        #expect(error?.kind == .sandbox)
        #expect(error?.message == "binary chunks are not allowed in policies")
        #expect(error?.file == path)
    }

    @Test func syntaxErrorNamesFileAndLine() {
        let error = loadError("function canSelect(day)\n  return day.year >\nend")
        #expect(error?.kind == .syntax)
        #expect(error?.line == 3)
        #expect(error?.message.contains("unexpected symbol near 'end'") == true)
        #expect(error?.description.hasPrefix((error?.file ?? "") + ":3: ") == true)
    }

    @Test func missingOrUnreadableFilesAreIOErrors() {
        let missing = PolicyFixture.error { _ = try LuaPolicy(path: fixture.directory + "/absent.lua") }
        #expect(missing?.kind == .io)
        let directory = PolicyFixture.error { _ = try LuaPolicy(path: fixture.directory) }
        #expect(directory?.kind == .io)
        #expect(directory?.message == "is a directory, expected a lua file")
    }

    @Test func printNeverReachesStdoutAndIsDroppedByDefault() throws {
        let policy = try fixture.load("function canSelect() print('should not appear'); return true end")
        #expect(try policy.canSelect(day, context: PolicyContext()) == .allowed)
    }
}
