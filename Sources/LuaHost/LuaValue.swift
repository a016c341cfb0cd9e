/// A value crossing between Lua and the host: what a loaded chunk returns, what a
/// registered Swift function receives and gives back. Tables, functions and other
/// references arrive as `.other` with their Lua type name and cannot be sent back.
public enum LuaValue: Hashable, Sendable {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case other(typeName: String)
}

/// A chunk compiled with `LuaState.load`, kept by the state until it closes.
public struct LuaFunctionReference: Hashable, Sendable {
    let ref: Int32
}
