import LuaHost
@testable import PolicyEngine

/// The `LuaError` `body` throws, or nil when it succeeds (any other error becomes a
/// runtime `LuaError` saying so, so a test's expectation fails readably).
func luaFailure(_ body: () throws -> Void) -> LuaError? {
    do {
        try body()
        return nil
    } catch let error as LuaError {
        return error
    } catch {
        return LuaError(kind: .runtime, message: "unexpected \(error)")
    }
}

/// A fresh policy state with `source` loaded as the policy chunk `path`.
func loadedPolicyState(_ source: String, path: String, options: LuaStateOptions = .init(),
                       tracing: Bool = false) throws -> PolicyLuaState {
    let lua = try PolicyLuaState(options: options)
    if tracing { try lua.setTracing(true) }
    _ = try lua.loadPolicy(Array(source.utf8), path: path)
    return lua
}
