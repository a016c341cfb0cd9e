import LuaHost

/// The `LuaError` `body` throws, or nil when it succeeds (any other error becomes a
/// runtime `LuaError` saying so, so a test's expectation fails readably).
func failure(_ body: () throws -> Void) -> LuaError? {
    do {
        try body()
        return nil
    } catch let error as LuaError {
        return error
    } catch {
        return LuaError(kind: .runtime, message: "unexpected \(error)")
    }
}

/// A fresh state with `source` loaded as the policy chunk `path`.
func loadedState(_ source: String, path: String, options: LuaStateOptions = .init(),
                 tracing: Bool = false) throws -> LuaState {
    let lua = try LuaState(options: options)
    if tracing { try lua.setTracing(true) }
    _ = try lua.loadPolicy(Array(source.utf8), path: path)
    return lua
}
