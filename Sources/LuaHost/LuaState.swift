internal import CLuaShim

/// One sandboxed Lua state: allow-listed libraries, a capped allocator, a shared
/// instruction budget per call, text-only loading.
///
/// Not thread-safe by design: the owner serialises access (a lock per state), so a
/// state is never entered by two threads. Knows nothing about calendars; the
/// `day` it hands to Lua is an integer day number with fields computed in C.
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

    /// A small integer naming a calendar for `day.calendar`; nil when the table is full.
    public func registerCalendar(_ name: String) -> Int32? { raw.registerCalendar(name) }

    /// Runs the helper library: a chunk that receives the `native` table and returns
    /// the table installed, read-only, as global `cal`.
    ///
    /// Only this trusted chunk may come precompiled: `bytecode` (a `lua_dump` of `source`
    /// named `name`) is tried first and the text compiled whenever the dump does not load,
    /// so a dump from another liblua build costs time, never correctness. Lua does not
    /// verify bytecode: pass only a dump built from trusted text, never user input.
    @discardableResult
    public func loadPrelude(_ source: [UInt8], bytecode: [UInt8]? = nil, name: String) throws(LuaError) -> LuaChunkForm {
        try raw.loadPrelude(source, bytecode: bytecode ?? [], name: name)
    }

    /// Loads and runs a policy chunk (text only, UTF-8 BOM skipped), named `@path`.
    public func loadPolicy(_ source: [UInt8], path: String) throws(LuaError) -> LuaChunkInfo {
        var bytes = source
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return try raw.loadPolicy(bytes, path: path)
    }

    /// The read-only `selection` view passed to canSelect/canDeselect (day numbers ascending).
    public func setSelection(_ dayNumbers: [Int]) throws(LuaError) {
        try raw.setSelection(dayNumbers)
    }

    /// Calls canSelect or canDeselect; the shim has checked the result's types.
    public func callVerdict(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32,
                            today: Int?) throws(LuaError) -> (allowed: Bool, reason: String?) {
        try raw.callVerdict(slot, dayNumber: dayNumber, calendarTag: calendarTag, today: today)
    }

    /// Calls decorationFor; nil when it returned nil.
    public func callDecoration(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> LuaDecoration? {
        try raw.callDecoration(dayNumber: dayNumber, calendarTag: calendarTag, today: today)
    }

    /// Many days in one crossing; stops at the first failure, keeping the answers before it.
    public func callDays(_ requests: [LuaDayRequest], dayNumbers: [Int], calendarTag: Int32,
                         today: Int?) -> (answers: [LuaDayAnswers], failure: LuaCallFailure?) {
        raw.callDays(requests, dayNumbers: dayNumbers, calendarTag: calendarTag, today: today)
    }
}
