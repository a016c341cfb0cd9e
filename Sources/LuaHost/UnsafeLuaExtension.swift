internal import CLuaShim

/// A C library built on the kernel that a state opens with: `hooks` points at its
/// `cls_extension` (open and close functions) and `data` at its own record, which the
/// state owns and frees from then on (also when opening fails).
public struct LuaExtension: @unchecked Sendable {
    // @unchecked: two C pointers handed over once, to the state that owns them.
    public let hooks: UnsafeRawPointer
    public let data: UnsafeMutableRawPointer

    public init(hooks: UnsafeRawPointer, data: UnsafeMutableRawPointer) {
        self.hooks = hooks
        self.data = data
    }
}

extension LuaState {
    /// The raw `lua_State` for a C library built on the kernel (the one that wraps it,
    /// e.g. PolicyEngine over CPolicyBridge). Valid while this state lives: only a wrapper
    /// that owns the state (and so outlives nothing it hands out) may keep it.
    public func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T {
        try body(raw.state)
    }

    /// The one choke point from a Lua status to a typed error, for statuses returned by
    /// such a library's C functions (details come from the state's error record).
    public func check(status: Int32) throws(LuaError) {
        try raw.check(status)
    }

    /// Releases what the last successful call left on the stack for the host to copy.
    public func finishCall() {
        cls_call_finish(raw.state)
    }
}
