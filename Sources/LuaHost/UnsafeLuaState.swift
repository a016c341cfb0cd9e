internal import CLua
internal import CLuaShim
#if canImport(Glibc)
internal import Glibc
private let posixWrite = Glibc.write
#elseif canImport(Darwin)
internal import Darwin
private let posixWrite = Darwin.write
#endif

/// Every pointer the Lua bridge touches lives here: the `lua_State`, C strings and
/// the callback context. Lua errors never cross these frames — each call below is
/// one C function that runs its Lua work under `lua_pcall` and returns a status.
final class UnsafeLuaState {
    let state: OpaquePointer
    /// Kept alive for the state's lifetime: C holds an unretained pointer to it.
    private let bridge: BridgeBox?

    init(options: LuaStateOptions) throws(LuaError) {
        let box = options.dateBridge.map(BridgeBox.init)
        var config = cls_config()
        config.memory_limit = options.memoryLimit > 0 ? options.memoryLimit : 64 << 20
        config.pool = options.memoryPool?.raw
        config.instruction_budget = Int64(options.instructionBudget)
        config.load_budget = Int64(options.loadBudget)
        config.hook_enabled = options.hookEnabled ? 1 : 0
        config.verbose = options.verbose ? 1 : 0
        config.print_line = UnsafeLuaState.printTrampoline
        if let box {
            config.context = Unmanaged.passUnretained(box).toOpaque()
            config.convert = UnsafeLuaState.convertTrampoline
            config.from_calendar = UnsafeLuaState.fromCalendarTrampoline
        }
        var error = cls_error()
        let opened: OpaquePointer? = (options.printPrefix ?? "").withCString { prefix in
            config.print_prefix = prefix
            return cls_open(&config, &error)
        }
        guard let opened else {
            throw UnsafeLuaState.error(from: &error, status: LUA_ERRMEM)
        }
        state = opened
        bridge = box
    }

    deinit { cls_close(state) }

    var memoryUsed: Int { cls_memory_used(state) }

    var budgetSpent: Int { Int(cls_budget_spent(state)) }

    func registerCalendar(_ name: String) -> Int32? {
        let tag = cls_register_calendar(state, name)
        return tag >= 0 ? tag : nil
    }

    func loadPrelude(_ source: [UInt8], bytecode: [UInt8], name: String) throws(LuaError) -> LuaChunkForm {
        let status = source.withUnsafeBufferPointer { text in
            bytecode.withUnsafeBufferPointer { dump in
                text.withMemoryRebound(to: CChar.self) { text in
                    dump.withMemoryRebound(to: CChar.self) { dump in
                        cls_load_prelude(state, text.baseAddress, text.count, dump.baseAddress, dump.count, name)
                    }
                }
            }
        }
        try check(status)
        return cls_prelude_form(state) == Int32(CLS_FORM_BYTECODE) ? .bytecode : .text
    }

    func loadPolicy(_ source: [UInt8], path: String) throws(LuaError) -> LuaChunkInfo {
        var info = cls_policy_info()
        let status = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cls_load_policy(state, chars.baseAddress, chars.count, path, &info)
            }
        }
        try check(status)
        defer { cls_call_finish(state) }
        var functions = Set<LuaFunctionSlot>()
        var lines = [LuaFunctionSlot: Int]()
        withUnsafeBytes(of: info.has_function) { has in
            withUnsafeBytes(of: info.line_defined) { defined in
                for slot in LuaFunctionSlot.allCases {
                    let offset = slot.rawValue * MemoryLayout<Int32>.stride
                    if has.load(fromByteOffset: offset, as: Int32.self) != 0 {
                        functions.insert(slot)
                        lines[slot] = Int(defined.load(fromByteOffset: offset, as: Int32.self))
                    }
                }
            }
        }
        return LuaChunkInfo(functions: functions, lines: lines,
                            name: UnsafeLuaState.text(info.name, info.name_len),
                            description: UnsafeLuaState.text(info.description, info.description_len),
                            version: UnsafeLuaState.text(info.version, info.version_len))
    }

    func setSelection(_ days: [Int]) throws(LuaError) {
        let status = days.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Int64.self) { values in
                cls_set_selection(state, values.baseAddress, values.count)
            }
        }
        try check(status)
    }

    func callVerdict(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32,
                     today: Int?) throws(LuaError) -> (allowed: Bool, reason: String?) {
        var call = UnsafeLuaState.makeCall(slot, dayNumber, calendarTag, today)
        try check(cls_call_policy(state, &call))
        defer { cls_call_finish(state) }
        return (call.allowed != 0, UnsafeLuaState.text(call.reason, call.reason_len))
    }

    func callDecoration(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> LuaDecoration? {
        var call = UnsafeLuaState.makeCall(.decorationFor, dayNumber, calendarTag, today)
        try check(cls_call_policy(state, &call))
        defer { cls_call_finish(state) }
        return UnsafeLuaState.decoration(call)
    }

    /// Many days in one crossing (`requests[i]` for `dayNumbers[i]`); answers for the days
    /// before a failure are kept and returned with it.
    func callDays(_ requests: [LuaDayRequest], dayNumbers: [Int], calendarTag: Int32,
                  today: Int?) -> (answers: [LuaDayAnswers], failure: LuaCallFailure?) {
        let count = min(requests.count, dayNumbers.count)
        guard count > 0 else { return ([], nil) }
        var days = [cls_day_call](repeating: cls_day_call(), count: count)
        for index in 0..<count {
            let asked = requests[index]
            days[index].day_number = Int64(dayNumbers[index])
            days[index].calendar_tag = calendarTag
            days[index].has_today = today == nil ? 0 : 1
            days[index].today = Int64(today ?? 0)
            days[index].wants = (asked.canSelect ? 1 : 0) | (asked.canDeselect ? 2 : 0) | (asked.decorationFor ? 4 : 0)
        }
        var answered: Int32 = 0
        let status = days.withUnsafeMutableBufferPointer { buffer in
            cls_call_days(state, buffer.baseAddress, Int32(count), &answered)
        }
        defer { cls_call_finish(state) }
        let done = max(0, min(count, Int(answered)))
        var answers: [LuaDayAnswers] = []
        answers.reserveCapacity(done)
        for index in 0..<done {
            let asked = requests[index]
            var answer = LuaDayAnswers()
            if asked.canSelect { answer.select = UnsafeLuaState.verdict(days[index].select) }
            if asked.canDeselect { answer.deselect = UnsafeLuaState.verdict(days[index].deselect) }
            if asked.decorationFor { answer.decoration = UnsafeLuaState.decoration(days[index].decoration) }
            answers.append(answer)
        }
        guard status != LUA_OK else { return (answers, nil) }
        do throws(LuaError) {
            try check(status)
            return (answers, nil)
        } catch {
            let failed = done < count ? Int(days[done].failed) : 0
            return (answers, LuaCallFailure(slot: LuaFunctionSlot(rawValue: failed) ?? .canSelect, error: error))
        }
    }

    private static func verdict(_ call: cls_call) -> LuaVerdict {
        LuaVerdict(allowed: call.allowed != 0, reason: text(call.reason, call.reason_len))
    }

    private static func decoration(_ call: cls_call) -> LuaDecoration? {
        guard call.has_decoration != 0 else { return nil }
        return LuaDecoration(kind: LuaDecoration.Kind(rawValue: Int(call.decoration_kind)) ?? .default,
                             label: text(call.label, call.label_len),
                             color: text(call.color, call.color_len),
                             image: text(call.image, call.image_len),
                             size: LuaDecoration.Size(rawValue: Int(call.decoration_size)))
    }

    private static func makeCall(_ slot: LuaFunctionSlot, _ dayNumber: Int, _ tag: Int32, _ today: Int?) -> cls_call {
        var call = cls_call()
        call.function = Int32(slot.rawValue)
        call.day_number = Int64(dayNumber)
        call.calendar_tag = tag
        call.has_today = today == nil ? 0 : 1
        call.today = Int64(today ?? 0)
        return call
    }

    // MARK: - The one choke point from a Lua status to a typed error

    func check(_ status: Int32) throws(LuaError) {
        guard status != LUA_OK else { return }
        guard let record = cls_last_error(state) else {
            throw LuaError(kind: .runtime, message: "unknown error (status \(status))")
        }
        var copy = record.pointee
        throw UnsafeLuaState.error(from: &copy, status: status)
    }

    private static func error(from record: inout cls_error, status: Int32) -> LuaError {
        let kind: LuaError.Kind = switch Int(record.kind) {
        case Int(CLS_KIND_SYNTAX): .syntax
        case Int(CLS_KIND_TYPE): .type
        case Int(CLS_KIND_SANDBOX): .sandbox
        case Int(CLS_KIND_BUDGET): .budget
        case Int(CLS_KIND_MEMORY): .memory
        case Int(CLS_KIND_TIMEOUT): .timeout
        default: status == LUA_ERRMEM ? .memory : (status == LUA_ERRSYNTAX ? .syntax : .runtime)
        }
        let message = String(cString: cls_error_message(&record))
        let traceback = String(cString: cls_error_traceback(&record))
        return LuaError(kind: kind, message: message.isEmpty ? "unknown error" : message,
                        line: record.line > 0 ? Int(record.line) : nil,
                        traceback: traceback.isEmpty ? nil : traceback)
    }

    static func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    // MARK: - Callbacks into Swift

    final class BridgeBox {
        let bridge: any LuaDateBridge
        init(_ bridge: any LuaDateBridge) { self.bridge = bridge }
    }

    private static func write(_ message: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
        guard let buffer, capacity > 0 else { return }
        var utf8 = Array(message.utf8.prefix(capacity - 1))
        utf8.append(0)
        utf8.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count)
        }
    }

    /// A verbose `print`: one stderr line `print <prefix>: <text>`, both escaped by
    /// `TerminalText`, so a policy can neither split the line, send terminal escapes nor
    /// start a line that looks like calpolicy's own `calpolicy: ` error.
    static func printLine(prefix: String, text: String) -> String {
        "print " + (prefix.isEmpty ? "" : TerminalText.escape(prefix) + ": ") + TerminalText.escape(text) + "\n"
    }

    private static let printTrampoline: cls_print_fn = { prefix, text, length in
        let prefix = prefix.map { String(cString: $0) } ?? ""
        let body = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        var line = printLine(prefix: prefix, text: body)
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = posixWrite(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    private static let convertTrampoline: cls_convert_fn = { context, dayNumber, calendar, out, message, capacity in
        guard let context, let calendar, let out else { return 1 }
        let box = Unmanaged<BridgeBox>.fromOpaque(context).takeUnretainedValue()
        do throws(LuaBridgeError) {
            let date = try box.bridge.convert(dayNumber: Int(dayNumber), calendar: String(cString: calendar))
            out.pointee.year = Int64(date.year)
            out.pointee.month = Int64(date.month)
            out.pointee.day = Int64(date.day)
            out.pointee.era = Int64(date.era ?? 0)
            out.pointee.has_era = date.era == nil ? 0 : 1
            out.pointee.is_leap_month = date.isLeapMonth ? 1 : 0
            return 0
        } catch {
            write(error.message, to: message, capacity: capacity)
            return 1
        }
    }

    private static let fromCalendarTrampoline: cls_from_calendar_fn = {
        context, calendar, year, month, day, leap, dayNumber, message, capacity in
        guard let context, let calendar, let dayNumber else { return 1 }
        let box = Unmanaged<BridgeBox>.fromOpaque(context).takeUnretainedValue()
        do throws(LuaBridgeError) {
            dayNumber.pointee = Int64(try box.bridge.dayNumber(
                calendar: String(cString: calendar), year: Int(year), month: Int(month), day: Int(day),
                isLeapMonth: leap != 0))
            return 0
        } catch {
            write(error.message, to: message, capacity: capacity)
            return 1
        }
    }
}
