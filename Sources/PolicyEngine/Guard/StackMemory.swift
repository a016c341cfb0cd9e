import LuaHost

/// A memory budget several policy sets share (a served stack version): every Lua state
/// loaded with it draws on it, each state keeping its own cap as well. Lets a face give a
/// budget without seeing the Lua host.
public final class StackMemory: Sendable {
    let pool: LuaMemoryPool
    public init(limit: Int) { pool = LuaMemoryPool(limit: limit) }
    /// Bytes the states hold from the budget (whole chunks of 256 KiB).
    public var used: Int { pool.used }
    public var limit: Int { pool.limit }
}

extension LuaPolicyOptions {
    /// States loaded with these options draw on `memory`.
    public mutating func share(_ memory: StackMemory) { memoryPool = memory.pool }
}
