/// What a state does with the text a script prints.
public typealias LuaPrint = @Sendable (_ text: String) -> Void

/// Limits and wiring for one Lua state.
public struct LuaStateOptions: Sendable {
    /// Instructions per call; 0 means unlimited.
    public var instructionBudget: Int
    /// Instructions for running the helper library and the policy chunk; 0 means unlimited.
    public var loadBudget: Int
    /// Bytes the state may allocate; 0 or less means the default, `LuaLimits.memory`.
    public var memoryLimit: Int
    /// Without the count hook an endless loop hangs; on by default.
    public var hookEnabled: Bool
    /// When the hook starts counting a call (`LuaBudgetMode`).
    public var budgetMode: LuaBudgetMode
    /// Receives the text of each `print` call (its arguments joined by tabs, any bytes
    /// decoded as UTF-8 with replacement); without it `print` is dropped unread. What
    /// becomes of the text is the host's choice: LuaHost writes nothing itself.
    public var print: LuaPrint?
    /// A C library built on the kernel that every state opens with (see `LuaExtension`).
    public var cExtension: LuaExtension?
    /// Shared with the other states of the run, which together may not pass its limit.
    public var memoryPool: LuaMemoryPool?
    /// The compile cache's directory (`LuaCompileCache`), nil for none.
    public var compileCache: String?

    public init(instructionBudget: Int = LuaLimits.instructionBudget, loadBudget: Int = LuaLimits.loadBudget,
                memoryLimit: Int = LuaLimits.memory, hookEnabled: Bool = true, print: LuaPrint? = nil,
                cExtension: LuaExtension? = nil, memoryPool: LuaMemoryPool? = nil,
                budgetMode: LuaBudgetMode = .processDefault,
                compileCache: String? = LuaCompileCache.processDefault) {
        self.instructionBudget = instructionBudget
        self.loadBudget = loadBudget
        self.memoryLimit = memoryLimit
        self.hookEnabled = hookEnabled
        self.budgetMode = budgetMode
        self.print = print
        self.cExtension = cExtension
        self.memoryPool = memoryPool
        self.compileCache = compileCache
    }
}
