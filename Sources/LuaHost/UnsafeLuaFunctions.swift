internal import CLua
internal import CLuaShim

/// Generic chunks and calls: values cross as `cls_value`. Host functions are not registered
/// generically: the policy bridge gives Lua its few native functions in C (`cpb_push_native`,
/// `cal.ics`), which call back into Swift through callbacks it owns.
extension UnsafeLuaState {
    func load(_ source: [UInt8], name: String) throws(LuaError) -> LuaFunctionReference {
        var ref: Int32 = 0
        let status = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cls_load_chunk(state, chars.baseAddress, chars.count, name, &ref)
            }
        }
        try check(status)
        return LuaFunctionReference(ref: ref)
    }

    func call(_ function: LuaFunctionReference, _ arguments: [LuaValue], capacity: Int) throws(LuaError) -> [LuaValue] {
        var results = [cls_value](repeating: cls_value(), count: max(1, capacity))
        var count: Int32 = 0
        let status = UnsafeLuaState.withValues(arguments) { args, nargs in
            results.withUnsafeMutableBufferPointer { out in
                cls_call_ref(state, function.ref, args, nargs, out.baseAddress, Int32(capacity), &count)
            }
        }
        try check(status)
        defer { cls_call_finish(state) }
        return results.prefix(Int(count)).map(UnsafeLuaState.value)
    }

    static func value(_ raw: cls_value) -> LuaValue {
        switch Int(raw.type) {
        case Int(CLS_VALUE_BOOLEAN): .boolean(raw.boolean != 0)
        case Int(CLS_VALUE_INTEGER): .integer(Int(raw.integer))
        case Int(CLS_VALUE_NUMBER): .number(raw.number)
        case Int(CLS_VALUE_STRING): .string(text(raw.string, raw.length) ?? "")
        case Int(CLS_VALUE_OTHER): .other(typeName: text(raw.string, raw.length) ?? "?")
        default: .nil
        }
    }

    /// One value as `cls_value`, its string bytes alive for the duration of `body`.
    static func withValue<T>(_ value: LuaValue, _ body: (UnsafePointer<cls_value>) -> T) -> T {
        var raw = cls_value()
        switch value {
        case .nil, .other: raw.type = Int32(CLS_VALUE_NIL)
        case .boolean(let flag): raw.type = Int32(CLS_VALUE_BOOLEAN); raw.boolean = flag ? 1 : 0
        case .integer(let number): raw.type = Int32(CLS_VALUE_INTEGER); raw.integer = Int64(number)
        case .number(let number): raw.type = Int32(CLS_VALUE_NUMBER); raw.number = number
        case .string(let string):
            var copy = string
            return copy.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    raw.type = Int32(CLS_VALUE_STRING)
                    raw.string = chars.baseAddress
                    raw.length = chars.count
                    return withUnsafePointer(to: raw) { body($0) }
                }
            }
        }
        return withUnsafePointer(to: raw) { body($0) }
    }

    /// Several values as a `cls_value` array, alive for the duration of `body`.
    static func withValues<T>(_ values: [LuaValue], _ body: (UnsafePointer<cls_value>?, Int32) -> T) -> T {
        // Strings are copied into one buffer the array points into.
        var bytes: [CChar] = []
        var offsets: [Int] = []
        for value in values {
            offsets.append(bytes.count)
            if case .string(let string) = value { bytes.append(contentsOf: string.utf8.map { CChar(bitPattern: $0) }) }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var raw = [cls_value](repeating: cls_value(), count: values.count)
            for (index, value) in values.enumerated() {
                switch value {
                case .nil, .other: raw[index].type = Int32(CLS_VALUE_NIL)
                case .boolean(let flag): raw[index].type = Int32(CLS_VALUE_BOOLEAN); raw[index].boolean = flag ? 1 : 0
                case .integer(let number): raw[index].type = Int32(CLS_VALUE_INTEGER); raw[index].integer = Int64(number)
                case .number(let number): raw[index].type = Int32(CLS_VALUE_NUMBER); raw[index].number = number
                case .string(let string):
                    raw[index].type = Int32(CLS_VALUE_STRING)
                    raw[index].string = buffer.baseAddress.map { $0 + offsets[index] }
                    raw[index].length = string.utf8.count
                }
            }
            return raw.withUnsafeBufferPointer { body($0.baseAddress, Int32(values.count)) }
        }
    }
}
