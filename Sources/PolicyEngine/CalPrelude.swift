import LuaHost

/// The `cal` helper library, embedded twice: as text, and as the bytecode the
/// PreludeBytecode plugin compiles from that same text at build time
/// (`CalPrelude.bytecode`, generated). Loading the bytecode skips the parser, the
/// largest part of a policy's start-up; the text is the fallback when a liblua other
/// than the one the plugin ran with refuses the dump.
enum CalPrelude {
    static let source: [UInt8] = PackageResources.cal_lua
    /// Lua names the chunk this way in messages and tracebacks ("cal:78:").
    static let chunkName = "=cal"

    /// Installs `cal` into `state`; says which form was used.
    @discardableResult
    static func load(into state: PolicyLuaState) throws(LuaError) -> LuaChunkForm {
        try state.loadPrelude(source, bytecode: bytecode, name: chunkName)
    }
}
