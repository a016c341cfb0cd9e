import Testing
import LuaHost

/// Where the compile cache lives: an explicit setting first, then the XDG cache, then the
/// home's `.cache`, and nowhere when no absolute path is known.
@Suite struct LuaCompileCacheTests {
    @Test func offTurnsTheCacheOffWhateverElseIsSet() {
        #expect(LuaCompileCache.directory(setting: "off", xdgCacheHome: "/x", home: "/home/a") == nil)
    }

    @Test func anExplicitDirectoryWins() {
        #expect(LuaCompileCache.directory(setting: "/srv/cache", xdgCacheHome: "/x", home: "/home/a") == "/srv/cache")
    }

    @Test func anEmptySettingMeansTheDefault() {
        #expect(LuaCompileCache.directory(setting: "", xdgCacheHome: nil, home: "/home/a") == "/home/a/.cache/calpolicy")
    }

    @Test func theXDGCacheComesBeforeTheHome() {
        #expect(LuaCompileCache.directory(setting: nil, xdgCacheHome: "/x/cache", home: "/home/a") == "/x/cache/calpolicy")
    }

    @Test func aRelativeXDGCacheIsIgnoredAsTheSpecificationSays() {
        #expect(LuaCompileCache.directory(setting: nil, xdgCacheHome: "cache", home: "/home/a")
            == "/home/a/.cache/calpolicy")
    }

    @Test func noAbsoluteHomeMeansNoCache() {
        #expect(LuaCompileCache.directory(setting: nil, xdgCacheHome: nil, home: nil) == nil)
        #expect(LuaCompileCache.directory(setting: nil, xdgCacheHome: "", home: "relative") == nil)
        #expect(LuaCompileCache.directory(setting: nil, xdgCacheHome: nil, home: "/") == nil)
    }
}
