/// The Lua part of `cal.holidays` and `cal.weekend` (Prelude/holidays.lua, also compiled to
/// `bytecode` at build time): argument checks, errors raised at the policy's line, and
/// per-year tables built from `HolidayLuaHost`'s text on first use.
///
/// Why Lua, and why here: the objects a policy holds are Lua tables either way, and the checks
/// are easier to read in the language whose errors they raise. The text and its bytecode are
/// handed to C once, before the first state opens (`UnsafeLuaLibraries`); cpb_holidays.c
/// compiles them on a state's first call, so the prelude every policy loads stays as it was and
/// a policy that names no holidays starts no slower.
enum HolidayLuaLibrary {
    static let source: [UInt8] = PackageResources.holidays_lua
    /// Lua names the chunk this way in messages and tracebacks ("cal.holidays:LINE:").
    static let chunkName = "=cal.holidays"
}
