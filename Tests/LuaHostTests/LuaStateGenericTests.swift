import LuaHost
import Testing

/// The calendar-free host with tiny inline chunks, one per limit.
@Suite struct LuaStateGenericTests {
    private func run(_ source: String, _ options: LuaStateOptions = .init()) throws(LuaError) -> [LuaValue] {
        let lua = try LuaState(options: options)
        return try lua.call(try lua.load(Array(source.utf8), name: "=chunk"))
    }

    @Test func aChunkReturnsValues() throws {
        #expect(try run("return 1, 'two', true, 1.5, {}") ==
                [.integer(1), .string("two"), .boolean(true), .number(1.5), .other(typeName: "table")])
    }

    @Test func argumentsReachTheChunk() throws {
        let lua = try LuaState()
        let chunk = try lua.load(Array("local a, b = ... return a .. b".utf8), name: "=concat")
        #expect(try lua.call(chunk, [.string("x"), .integer(2)]) == [.string("x2")])
    }

    @Test func theMemoryCapEndsAnAllocatingChunk() {
        #expect { _ = try run("local t = {} for i = 1, 1e8 do t[i] = i end", LuaStateOptions(memoryLimit: 4 << 20)) }
            throws: { ($0 as? LuaError)?.kind == .memory }
    }

    @Test func theBudgetEndsAnEndlessLoop() {
        #expect { _ = try run("while true do end", LuaStateOptions(instructionBudget: 10_000)) }
            throws: { ($0 as? LuaError)?.kind == .budget }
    }

    @Test func thePoolCapsStatesTogether() throws {
        let pool = LuaMemoryPool(limit: 3 << 20)
        let options = LuaStateOptions(memoryLimit: 64 << 20, memoryPool: pool)
        let first = try LuaState(options: options)
        _ = try first.call(try first.load(Array("big = string.rep('x', 1 << 20)".utf8), name: "=a"))
        #expect(pool.used > 1 << 20)
        #expect { _ = try run("big = string.rep('y', 1 << 20) big2 = string.rep('z', 1 << 20)", options) }
            throws: { ($0 as? LuaError)?.kind == .memory }
    }

    @Test func anInterruptedGuardStopsTheNextCall() {
        let guardian = LuaRunGuard()
        guardian.interrupt(reason: "stopped by the test")
        #expect {
            try guardian.installed { () throws(LuaError) in _ = try run("return 1") }
        } throws: { ($0 as? LuaError)?.kind == .timeout && ($0 as? LuaError)?.message == "stopped by the test" }
    }
}
