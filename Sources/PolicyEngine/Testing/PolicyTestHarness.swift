/// The Lua side of policy tests: the `test` and `expect` globals a test file sees
/// (Prelude/test_harness.lua, also compiled to `bytecode` at build time).
///
/// It runs as a second helper chunk after `cal`, in the same sandbox as policies.
/// Expectations are only recorded here, as tab-separated lines; the host checks
/// them against the real policies, so a test file cannot reach a policy's state.
/// Lines come from `error`'s position prefix, so the sandbox needs no `debug`.
enum PolicyTestHarness {
    /// The global the host calls: `"list"` or `"run <n>"`.
    static let entryPoint = "__calpolicy_test"

    static let source: [UInt8] = PackageResources.test_harness_lua
    /// Lua names the chunk this way in messages and tracebacks ("expect:LINE:").
    static let chunkName = "=expect"
}
