import LuaHost
@testable import PolicyEngine
import Testing

/// The Lua files besides cal.lua (the test harness, cal.holidays' and cal.ics' parts) ship as
/// bytecode the build compiles from them, with the text as the fallback. The host takes a dump
/// only when it carries the chunk name the text is loaded with, so a dump named otherwise would
/// silently cost every state a compile: each must carry its name, and be the whole chunk.
@Suite struct LuaPartsBytecodeTests {
    /// Each with the name of a local no closure captures (upvalue names stay in any dump).
    static let parts: [(name: String, source: [UInt8], bytecode: [UInt8], local: String)] = [
        (PolicyTestHarness.chunkName, PolicyTestHarness.source, PolicyTestHarness.bytecode, "inTestFile"),
        (HolidayLuaLibrary.chunkName, HolidayLuaLibrary.source, HolidayLuaLibrary.bytecode, "whyNot"),
        (IcsLuaLibrary.chunkName, IcsLuaLibrary.source, IcsLuaLibrary.bytecode, "fname"),
    ]

    @Test(arguments: parts.map(\.name))
    func eachDumpCarriesTheNameItsTextLoadsWith(_ name: String) throws {
        let part = try #require(Self.parts.first { $0.name == name })
        #expect(part.bytecode.starts(with: [0x1B, 0x4C, 0x75, 0x61, 0x54]))
        #expect(part.bytecode != part.source)
        // Lua 5.4's header is 31 bytes and the main function's upvalue count 1; then its source,
        // a size (length + 1, one byte here, its top bit set) and the name's bytes.
        let utf8 = Array(name.utf8)
        #expect(Array(part.bytecode.dropFirst(32).prefix(1 + utf8.count)) == [UInt8(0x80 | (utf8.count + 1))] + utf8)
        // Whole, not lean: the names of locals stay, so a message names them as the text does.
        let local = Array(part.local.utf8)
        #expect(part.bytecode.indices.contains { part.bytecode[$0...].starts(with: local) })
    }

    @Test func testFilesLoadTheHarnessFromTheBytecode() throws {
        let state = try PolicyLuaState()
        try CalPrelude.load(into: state)
        #expect(try state.loadPrelude(PolicyTestHarness.source, bytecode: PolicyTestHarness.bytecode,
                                      name: PolicyTestHarness.chunkName) == .bytecode)
    }
}
