internal import CLuaShim

/// `callGlobal`, the script call `LuaState` makes by a global's name: its argument and answer
/// cross as C strings, so the call is written against raw pointers here.
extension UnsafeLuaState {
    func callGlobal(_ name: String, argument: String) throws(LuaError) -> String {
        var out: UnsafePointer<CChar>?
        var length = 0
        var bytes = Array(argument.utf8)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cls_call_global(state, name, chars.baseAddress, chars.count, &out, &length)
            }
        }
        try check(status)
        defer { cls_call_finish(state) }
        return UnsafeLuaState.text(out, length) ?? ""
    }
}
