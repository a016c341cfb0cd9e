internal import CLuaShim

/// One sandboxed Lua state: allow-listed libraries, a capped allocator, a shared
/// instruction budget per call, text-only loading.
///
/// Not thread-safe by design: the owner serialises access (a lock per state), so a
/// state is never entered by two threads. Knows nothing about calendars or policies:
/// a C library built on the kernel (`LuaExtension`) adds those.
public final class LuaState {
    let raw: UnsafeLuaState

    public init(options: LuaStateOptions = .init()) throws(LuaError) {
        raw = try UnsafeLuaState(options: options)
    }

    /// Bytes the state holds right now.
    public var memoryUsed: Int { raw.memoryUsed }

    /// What the last load or call took from its instruction budget: instructions (counted
    /// in steps of up to 1,000) and pattern-matching steps; over the budget when the budget
    /// ended it. With the hook off, pattern-matching steps alone.
    public var budgetSpent: Int { raw.budgetSpent }

    /// Whether the last policy chunk loaded came from the compile cache (`LuaCompileCache`)
    /// rather than from compiling its text.
    public var lastChunkCached: Bool { raw.lastChunkCached }

    /// Compiles a text chunk (binary chunks are refused) named `name` (`=probe`,
    /// `@file.lua`) without running it; the state keeps it until it closes.
    public func load(_ source: [UInt8], name: String) throws(LuaError) -> LuaFunctionReference {
        try raw.load(source, name: name)
    }

    /// Calls a loaded chunk or function with the call budget; reads up to `capacity`
    /// results without running metamethods (tables and functions come back as `.other`).
    public func call(_ function: LuaFunctionReference, _ arguments: [LuaValue] = [],
                     capacity: Int = 8) throws(LuaError) -> [LuaValue] {
        try raw.call(function, arguments, capacity: capacity)
    }

}
