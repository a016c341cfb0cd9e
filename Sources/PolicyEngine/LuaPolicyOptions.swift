import CalendarCore
import LuaHost

/// Limits and inputs for one Lua policy. Defaults are sized so real policies
/// never meet them while a runaway one ends within a second or so.
public struct LuaPolicyOptions: Sendable {
    /// Lua instructions per call (counted across the policy's own pcall and load).
    public var instructionBudget: Int = LuaLimits.instructionBudget
    /// Lua instructions for running the helper library and the policy file.
    public var loadBudget: Int = LuaLimits.loadBudget
    /// Bytes the policy's Lua state may hold; also the largest policy file read.
    public var memoryLimit: Int = LuaLimits.memory
    /// Turning the budget hook off saves ~30% per call but lets an endless loop hang.
    public var hookEnabled: Bool = true
    /// Receives each `print` call's file name and text (see `PolicyPrint`); without it
    /// `print` is dropped.
    public var print: PolicyPrint?
    /// The injected today, used when the context has none (`cal.today()`).
    public var today: Day?
    /// Records which lines ran and which `return` decided each call (policy tests'
    /// coverage, explain); costs a hook per line, so off by default.
    public var tracing: Bool = false
    /// The run's memory, shared with the other policies loaded for it (`PolicyRun.options`).
    public var memoryPool: LuaMemoryPool?
    /// Where compiled policy chunks are kept between processes (`LuaCompileCache`); nil for none.
    public var compileCache: String? = LuaCompileCache.processDefault

    public init() {}

    public init(instructionBudget: Int = LuaLimits.instructionBudget, loadBudget: Int = LuaLimits.loadBudget,
                memoryLimit: Int = LuaLimits.memory, hookEnabled: Bool = true, print: PolicyPrint? = nil,
                today: Day? = nil) {
        (self.instructionBudget, self.loadBudget, self.memoryLimit) = (instructionBudget, loadBudget, memoryLimit)
        (self.hookEnabled, self.print, self.today) = (hookEnabled, print, today)
    }
}

/// What a policy says about itself (`name`, `description`, `version` fields).
public struct PolicyMetadata: Hashable, Sendable {
    /// The policy's own name, or its file name when it gives none.
    public var name: String
    public var description: String?
    public var version: String?
    /// The days its data is meant for (`coverage = { from = ..., to = ... }`), when it says.
    public var coverage: CoverageSpan?

    public init(name: String, description: String? = nil, version: String? = nil, coverage: CoverageSpan? = nil) {
        (self.name, self.description, self.version, self.coverage) = (name, description, version, coverage)
    }
}
