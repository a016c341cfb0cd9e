import CLuaShim
import CalpolicyBenchLua

/// A state opened by the engine's shim (capped allocator, sandboxed libraries,
/// no hook armed between calls) holding a function that returns true.
final class BareLuaCall {
    private let state: OpaquePointer
    private let reference: Int32

    init?() {
        var config = cls_config()
        config.hook_enabled = 0
        var error = cls_error()
        guard let state = cls_open(&config, &error) else { return nil }
        let reference = cpb_prepare_bare(state)
        guard reference >= 0 else {
            cls_close(state)
            return nil
        }
        self.state = state
        self.reference = reference
    }

    deinit { cls_close(state) }

    /// 1 when the function answered true, -1 when the call failed.
    @inline(__always)
    func call(_ argument: Int) -> Int32 {
        cpb_bare_call(state, reference, Int64(argument))
    }
}
