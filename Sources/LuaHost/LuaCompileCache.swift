import Glibc

/// Where a policy chunk's compiled form is kept between processes, so a command that loads
/// an unchanged policy undumps its bytecode instead of parsing its text: the parse was the
/// largest single step of a one-month cold start (~0.3 ms of ~2.3 ms,
/// benchmarks/README.md). An entry is used only for the same chunk name and the same text,
/// byte for byte, in a directory only its owner can write (`cls_cache.c` says why that is
/// enough to trust bytecode Lua itself would not check).
public enum LuaCompileCache {
    /// `CALPOLICY_CACHE` names the directory, or turns the cache off with `off`; unset or
    /// empty, `$XDG_CACHE_HOME/calpolicy`, else `$HOME/.cache/calpolicy`; nil (no cache) when
    /// neither is an absolute path. Read once, with `getenv` (see `LuaBudgetMode`).
    public static let processDefault: String? = directory(
        setting: environment("CALPOLICY_CACHE"), xdgCacheHome: environment("XDG_CACHE_HOME"),
        home: environment("HOME"))

    /// The rule of `processDefault`, for given values of the three variables.
    public static func directory(setting: String?, xdgCacheHome: String?, home: String?) -> String? {
        if let setting, !setting.isEmpty { return setting == "off" ? nil : setting }
        if let xdg = xdgCacheHome, xdg.hasPrefix("/") { return xdg + "/calpolicy" }
        if let home, home.hasPrefix("/"), home != "/" { return home + "/.cache/calpolicy" }
        return nil
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
