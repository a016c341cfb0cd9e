/// The Lua part of `cal.ics`, the object with `:on`, `:hoursOn` and `:between`
/// (Prelude/ics.lua, also compiled to `bytecode` at build time).
///
/// The text and its bytecode are handed to C once, before the first state opens
/// (`UnsafeLuaLibraries`); cpb_ics.c compiles them on a state's first `cal.ics` call, so a
/// policy that reads no .ics file starts as fast as before.
enum IcsLuaLibrary {
    static let source: [UInt8] = PackageResources.ics_lua
    /// Lua names the chunk this way in messages and tracebacks ("cal.ics:LINE:").
    static let chunkName = "=cal.ics"
}
