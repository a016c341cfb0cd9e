internal import CPolicyBridge
import DeclarativePolicy
import LuaHost

extension PolicyLuaState {
    /// Sets global `name` to `tree` as one Lua table, built through the C API op by op
    /// (`cpb_set_global_tree`): typed data in, never Lua text.
    func setGlobal(_ name: String, tree: DataTree) throws(LuaError) {
        var bytes: [UInt8] = []
        var plan: [(kind: Int32, key: Range<Int>?, text: Range<Int>?, number: Int64)] = []
        func stored(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return start..<bytes.count
        }
        func add(_ value: DataTree, key: String?) {
            let keyRange = key.map(stored)
            switch value {
            case .string(let text): plan.append((Int32(CPB_TREE_STRING), keyRange, stored(text), 0))
            case .integer(let number): plan.append((Int32(CPB_TREE_INTEGER), keyRange, nil, Int64(number)))
            case .boolean(let flag): plan.append((Int32(CPB_TREE_BOOLEAN), keyRange, nil, flag ? 1 : 0))
            case .list(let items):
                plan.append((Int32(CPB_TREE_OPEN), keyRange, nil, 0))
                for item in items { add(item, key: nil) }
                plan.append((Int32(CPB_TREE_CLOSE), nil, nil, 0))
            case .table(let pairs):
                plan.append((Int32(CPB_TREE_OPEN), keyRange, nil, 0))
                for (key, item) in pairs { add(item, key: key) }
                plan.append((Int32(CPB_TREE_CLOSE), nil, nil, 0))
            }
        }
        add(tree, key: nil)
        if bytes.isEmpty { bytes.append(0) }
        let status = bytes.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { chars -> Int32 in
                let base = chars.baseAddress!
                let ops = plan.map { step in
                    cpb_tree_op(kind: step.kind,
                                key: step.key.map { base + $0.lowerBound }, key_len: step.key?.count ?? 0,
                                text: step.text.map { base + $0.lowerBound }, text_len: step.text?.count ?? 0,
                                number: step.number)
                }
                return lua.withUnsafeHandle { state in
                    ops.withUnsafeBufferPointer { cpb_set_global_tree(state, name, $0.baseAddress, $0.count) }
                }
            }
        }
        try lua.check(status: status)
    }
}
