/// A failure inside a Lua state, already copied out of Lua as plain data.
///
/// The C shim classifies every failure while it still runs under `lua_pcall`, so
/// nothing here can run a policy's metamethods again.
public struct LuaError: Error, Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case runtime, syntax, type, sandbox, budget, memory
        /// The run's guard stopped the work (its deadline passed).
        case timeout
    }

    public var kind: Kind
    /// Lua's message without its `chunk:line:` prefix (the host knows the file).
    public var message: String
    /// The policy chunk's line, when one could be found.
    public var line: Int?
    public var traceback: String?

    public init(kind: Kind, message: String, line: Int? = nil, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.traceback = traceback
    }
}
