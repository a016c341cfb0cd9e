import CalendarCore
import LuaHost
@testable import PolicyEngine
import Testing

/// The `cal` prelude ships as bytecode compiled at build time, with its text as the
/// fallback; both forms must behave, and read in messages, alike. The dump leaves out the
/// names of cal's locals (loading them was a fifth of a one-month command's undump), so only
/// a fault cal does not check itself reads differently: without "(local 'name')".
@Suite struct CalPreludeTests {
    private let policy = Array("function canSelect(day) return cal.nthWeekday(2026, 13, 2, 1) ~= nil end".utf8)
    private let loadTimeError = Array("\nlocal n = cal.nthWeekday(2026, 13, 2, 1)\nreturn {}".utf8)

    /// A dump this liblua refuses at its header (the Lua version byte changed).
    private var foreignDump: [UInt8] {
        var dump = CalPrelude.bytecode
        dump[4] = 0x53
        return dump
    }

    @Test func theBuildEmbedsADumpOfThePrelude() {
        #expect(CalPrelude.bytecode.starts(with: [0x1B, 0x4C, 0x75, 0x61, 0x54]))
        #expect(CalPrelude.bytecode != CalPrelude.source)
    }

    @Test func theDumpLeavesOutTheNamesOfLocalsOnly() {
        // PreludeCompiler proves the lean dump (it loads, dumps back to itself, strips to the
        // original stripped) or ships the whole one; the build must have shipped the lean one.
        #expect(CalPrelude.bytecodeDropsLocalNames)
        // Upvalue names stay: "_ENV" is how Lua tells a global from a field in a message.
        #expect(CalPrelude.bytecode.count > 8_000)
        let env = Array("_ENV".utf8)
        #expect(CalPrelude.bytecode.indices.contains { CalPrelude.bytecode[$0...].starts(with: env) })
    }

    @Test func policiesLoadCalFromTheBytecode() throws {
        let loaded = try LuaPolicy(path: "p.lua", source: policy)
        #expect(loaded.preludeForm == .bytecode)
        #expect(try CalPrelude.load(into: PolicyLuaState()) == .bytecode)
    }

    @Test(arguments: ["foreign", "truncated", "empty", "text"])
    func aDumpThatDoesNotLoadFallsBackToTheText(_ variant: String) throws {
        let dump: [UInt8] = switch variant {
        case "foreign": foreignDump
        case "truncated": Array(CalPrelude.bytecode.prefix(CalPrelude.bytecode.count / 2))
        case "empty": []
        default: CalPrelude.source
        }
        let state = try PolicyLuaState()
        #expect(try state.loadPrelude(CalPrelude.source, bytecode: dump, name: CalPrelude.chunkName) == .text)
        let info = try state.loadPolicy(Array("return { canSelect = function() return cal.addDays('2026-12-31', 1) == '2027-01-01' end }".utf8),
                                        path: "p.lua")
        #expect(info.functions == [.canSelect])
        #expect(try state.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil).allowed)
    }

    @Test func aDumpNamedOtherwiseIsNotUsed() throws {
        // The dump is named "=cal"; loaded under another name, the text is compiled so
        // that messages always carry the name the host asked for.
        let state = try PolicyLuaState()
        #expect(try state.loadPrelude(CalPrelude.source, bytecode: CalPrelude.bytecode, name: "=helpers") == .text)
    }

    @Test func errorsInsideCalReadTheSameFromEitherForm() throws {
        func failure(_ dump: [UInt8]) throws -> LuaError? {
            let state = try PolicyLuaState()
            try state.loadPrelude(CalPrelude.source, bytecode: dump, name: CalPrelude.chunkName)
            do {
                _ = try state.loadPolicy(loadTimeError, path: "p.lua")
                return nil
            } catch {
                return error
            }
        }
        let fromBytecode = try #require(try failure(CalPrelude.bytecode))
        let fromText = try #require(try failure(foreignDump))
        #expect(fromBytecode == fromText)
        #expect(fromBytecode.message == "cal.nthWeekday: month must be 1...12, got '13'")
        #expect(fromBytecode.line == 2)
        // Line numbers and local names survive in the dump (it is not stripped).
        let traceback = try #require(fromBytecode.traceback)
        #expect(traceback.contains("\n\tcal:"))
        #expect(traceback.contains("in upvalue 'checkMonth'"))
    }

    @Test func aPolicyErrorInsideCalNamesThePolicyLine() throws {
        let loaded = try LuaPolicy(path: "p.lua", source: policy)
        let error = PolicyFixture.error { _ = try loaded.canSelect(Day(year: 2026, month: 12, day: 1), context: .init()) }
        #expect(error?.message == "cal.nthWeekday: month must be 1...12, got '13'")
        #expect(error?.line == 1)
    }
}
