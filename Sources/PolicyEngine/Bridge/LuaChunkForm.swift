/// Which form of a prelude chunk a state ran: callers that ship a precompiled dump
/// can tell whether it was used or the text fallback was compiled instead.
public enum LuaChunkForm: Sendable, Equatable {
    case text
    case bytecode
}
