/// The default limits of a Lua state, defined once: `LuaStateOptions` and the policy
/// engine's options start from these, and the C kernel takes them from its config.
/// Sized so real policies never meet them while a runaway one ends within a second or so.
public enum LuaLimits {
    /// Lua instructions per call (counted across a policy's own pcall and load).
    public static let instructionBudget = 10_000_000
    /// Lua instructions for running a helper library and the policy chunk.
    public static let loadBudget = 50_000_000
    /// Bytes one state may hold (64 MiB); also the largest policy file read.
    public static let memory = 64 << 20
}
