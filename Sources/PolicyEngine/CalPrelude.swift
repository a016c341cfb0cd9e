/// The `cal` helper library's Lua source, embedded at build time.
enum CalPrelude {
    static let source: [UInt8] = PackageResources.cal_lua
}
