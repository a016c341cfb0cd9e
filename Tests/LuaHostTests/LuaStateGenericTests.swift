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

    /// The state's small blocks come from its arena, which frees nothing one by one: blocks
    /// growing out of it keep their bytes (a table's parts and strings grown from a few bytes to
    /// megabytes read back whole), a churn of small objects leaves the accounting where it
    /// started, and the memory cap still counts every block.
    @Test func blocksGrowingOutOfTheArenaKeepTheirBytesAndTheAccountingHolds() throws {
        let lua = try LuaState(options: LuaStateOptions(memoryLimit: 64 << 20))
        let grow = try lua.load(Array("""
            local t, s = {}, ""
            for i = 1, 100000 do t[i] = i * 3 end
            for i = 1, 2000 do s = s .. string.char(65 + i % 26) end
            local sum = 0
            for i = 1, #t do sum = sum + t[i] end
            local ok = #s == 2000 and s:sub(1, 3) == "BCD" and s:sub(-2) == "XY"
            return sum, ok
            """.utf8), name: "=grow")
        #expect(try lua.call(grow) == [.integer(3 * 100_000 * 100_001 / 2), .boolean(true)])
        // A churn of small objects (the collector frees most of them as it goes, the arena's
        // among them): the state's count of its bytes stays Lua's own count of them.
        let churn = try lua.load(Array("""
            for round = 1, 50 do
                local keep = {}
                for i = 1, 2000 do keep[i] = { i, tostring(i) .. "-" .. round } end
            end
            return collectgarbage("count")
            """.utf8), name: "=churn")
        for _ in 0..<2 {
            guard case .number(let kib) = try lua.call(churn).first else {
                Issue.record("collectgarbage('count') gave no number")
                return
            }
            // Read after the call returned: the result's handling moved a few bytes since.
            #expect(abs(Double(lua.memoryUsed) - kib * 1024) < 4096, "used \(lua.memoryUsed), Lua's count \(kib * 1024)")
            #expect(lua.memoryUsed < 8 << 20, "the garbage was given back: \(lua.memoryUsed)")
        }
        #expect { _ = try self.run("local t = {} for i = 1, 1e6 do t[i] = {i} end", LuaStateOptions(memoryLimit: 8 << 20)) }
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
