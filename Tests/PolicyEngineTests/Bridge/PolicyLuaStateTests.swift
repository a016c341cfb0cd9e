import LuaHost
import Testing
@testable import PolicyEngine
import CalendarCore

@Suite struct PolicyLuaStateTests {
    private func state(_ options: LuaStateOptions = .init()) throws -> PolicyLuaState {
        try PolicyLuaState(options: options)
    }

    private func load(_ source: String, into state: PolicyLuaState, path: String = "test.lua") throws -> LuaChunkInfo {
        try state.loadPolicy(Array(source.utf8), path: path)
    }

    @Test func loadedChunkReportsItsFunctionsAndLines() throws {
        let lua = try state()
        let info = try load("local t = {}\n\nfunction t.canSelect() return true end\nreturn t", into: lua)
        #expect(info.functions == [.canSelect])
        #expect(info.lines[.canSelect] == 3)
        let answer = try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil)
        #expect(answer.allowed && answer.reason == nil)
    }

    @Test func everyStatusBecomesATypedError() throws {
        let lua = try state()
        #expect(throws: LuaError.self) { _ = try load("return {", into: lua) }
        let error = luaFailure { _ = try load("x = = 1", into: lua) }
        #expect(error?.kind == .syntax)
        #expect(error?.line == 1)
    }

    @Test func utf8ByteOrderMarkIsSkippedAndNulBytesDoNotCutTheSource() throws {
        let lua = try state()
        let info = try lua.loadPolicy([0xEF, 0xBB, 0xBF] + Array("function canSelect() return true end".utf8), path: "bom.lua")
        #expect(info.functions == [.canSelect])
        let error = luaFailure { _ = try lua.loadPolicy(Array("return {}\0 this is not lua".utf8), path: "nul.lua") }
        #expect(error?.kind == .syntax)
    }

    @Test func longPathsKeepTheirLineNumbers() throws {
        let lua = try state()
        let path = "/" + String(repeating: "very-long-directory/", count: 8) + "policy.lua"
        let error = luaFailure { _ = try load("\n\nerror('boom')", into: lua, path: path) }
        #expect(error?.kind == .runtime)
        #expect(error?.line == 3)
        #expect(error?.message == "boom")
    }

    @Test func memoryUsedIsCountedByTheAllocator() throws {
        let lua = try state()
        let before = lua.memoryUsed
        _ = try load("big = string.rep('x', 1000000)", into: lua)
        #expect(lua.memoryUsed > before + 900_000)
    }

    @Test func largeStackPathRunsTheBodyOnAnotherThread() throws {
        let lua = try state()
        let info = try LuaNativeStack.onLargeStack { () throws(LuaError) -> LuaChunkInfo in
            try lua.loadPolicy(Array("function canDeselect() return false, 'no' end".utf8), path: "t.lua")
        }
        #expect(info.functions == [.canDeselect])
        let answer = try LuaNativeStack.onLargeStack { () throws(LuaError) -> String? in
            try lua.callVerdict(.canDeselect, dayNumber: 0, calendarTag: 0, today: nil).reason
        }
        #expect(answer == "no")
    }

    @Test func aPreludeIsTextUnlessItsDumpLoads() throws {
        let prelude = Array("local native = ...\nreturn { answer = function() return 42 end }".utf8)
        let plain = try state()
        #expect(try plain.loadPrelude(prelude, name: "=helpers") == .text)
        // A dump of another Lua version, or plain text handed over as a dump, is refused by
        // the loader; the text is compiled instead and the prelude works all the same.
        for dump: [UInt8] in [[0x1B, 0x4C, 0x75, 0x61, 0x53, 0x00], Array("return {}".utf8)] {
            let lua = try state()
            #expect(try lua.loadPrelude(prelude, bytecode: dump, name: "=helpers") == .text)
            _ = try load("function canSelect() return cal.answer() == 42 end", into: lua)
            #expect(try lua.callVerdict(.canSelect, dayNumber: 0, calendarTag: 0, today: nil).allowed)
        }
    }

    @Test func onlyThePreludeMayBeBinary() throws {
        let lua = try state()
        let error = luaFailure { _ = try lua.loadPolicy([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00], path: "b.lua") }
        #expect(error?.kind == .sandbox)
    }
}
