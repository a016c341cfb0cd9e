import CalendarCore
internal import CPolicyBridge
import LuaHost

/// A Lua state opened with the policy bridge (CPolicyBridge): the `day`, `selection`
/// and `day.calendar` views, the `cal` prelude's native helpers, policy loading and
/// the one entry into a policy's functions (`callDays`, a run of days, in
/// `UnsafePolicyLuaState+Calls.swift`). Every pointer the bridge touches lives in these
/// files; statuses go through LuaHost's one choke point.
final class PolicyLuaState {
    let lua: LuaState
    /// Kept alive for the state's lifetime: C holds an unretained pointer to it.
    private let box: BridgeBox?
    /// The raw state, taken once: valid as long as `lua`, which this object owns.
    let handle: OpaquePointer
    /// The record of single-day questions, allocated once and reused: a fresh one is a few
    /// hundred bytes to zero on every question. Only the owner's lock ever enters the state,
    /// so one record is never used by two calls at once; C writes every field read back.
    let single: UnsafeMutablePointer<cpb_day_call>
    /// Its three answers, addressed once (not through a lazily initialised offset per question).
    let singleSelect, singleDeselect, singleDecoration: UnsafePointer<cpb_call>
    /// The records of a run of days, kept for the next run (grown when a longer one comes): a
    /// fresh array per run was ~360 KiB to allocate and zero for every 1,024 days of a report.
    /// Each run writes every input field, and C every output field the host reads back.
    private var runRecords: UnsafeMutablePointer<cpb_day_call>?
    private var runCapacity = 0

    init(options: LuaStateOptions = .init(), dateBridge: (any LuaDateBridge)? = nil) throws(LuaError) {
        UnsafePolicyFileReader.installed
        _ = UnsafeHolidayHost.installed
        _ = UnsafeLuaLibraries.installed
        let box = dateBridge.map(BridgeBox.init)
        guard let record = box.map({ box in
            cpb_new(Unmanaged.passUnretained(box).toOpaque(), PolicyLuaState.convertTrampoline,
                    PolicyLuaState.fromCalendarTrampoline)
        }) ?? cpb_new(nil, nil, nil) else {
            throw LuaError(kind: .memory, message: "cannot allocate the policy bridge")
        }
        var options = options
        options.cExtension = LuaExtension(hooks: UnsafeRawPointer(cpb_extension()), data: UnsafeMutableRawPointer(record))
        lua = try LuaState(options: options)
        self.box = box
        handle = lua.withUnsafeHandle { $0 }
        single = UnsafeMutablePointer<cpb_day_call>.allocate(capacity: 1)
        single.initialize(to: cpb_day_call())
        singleSelect = cpb_day_answer(single, 0)
        singleDeselect = cpb_day_answer(single, 1)
        singleDecoration = cpb_day_answer(single, 2)
    }

    deinit {
        single.deallocate()
        runRecords?.deallocate()
    }

    /// Room for `count` day records (see `runRecords`).
    func records(_ count: Int) -> UnsafeMutablePointer<cpb_day_call> {
        if let runRecords, runCapacity >= count { return runRecords }
        runRecords?.deallocate()
        let records = UnsafeMutablePointer<cpb_day_call>.allocate(capacity: count)
        records.initialize(repeating: cpb_day_call(), count: count)
        (runRecords, runCapacity) = (records, count)
        return records
    }

    var memoryUsed: Int { lua.memoryUsed }
    var budgetSpent: Int { lua.budgetSpent }
    /// Policy functions called since the state opened, replays included (`cpb_calls`).
    var callCount: Int { Int(cpb_calls(handle)) }

    /// A small integer naming a calendar for `day.calendar`; nil when the table is full.
    func registerCalendar(_ name: String) -> Int32? {
        let tag = lua.withUnsafeHandle { cpb_register_calendar($0, name) }
        return tag >= 0 ? tag : nil
    }

    /// Runs the helper library: a chunk that receives the `native` table and returns the
    /// table installed, read-only, as global `cal`. Only this trusted chunk may come
    /// precompiled (`bytecode`, a dump of `source` named `name`); the text is compiled
    /// whenever the dump does not load. Never pass a dump built from user input.
    @discardableResult
    func loadPrelude(_ source: [UInt8], bytecode: [UInt8]? = nil, name: String) throws(LuaError) -> LuaChunkForm {
        let dump = bytecode ?? []
        let status = lua.withUnsafeHandle { state in
            source.withUnsafeBufferPointer { text in
                dump.withUnsafeBufferPointer { dump in
                    text.withMemoryRebound(to: CChar.self) { text in
                        dump.withMemoryRebound(to: CChar.self) { dump in
                            cpb_load_prelude(state, text.baseAddress, text.count, dump.baseAddress, dump.count, name)
                        }
                    }
                }
            }
        }
        try lua.check(status: status)
        return lua.withUnsafeHandle { cpb_prelude_form($0) } == Int32(CPB_FORM_BYTECODE) ? .bytecode : .text
    }

    /// cal's lazy sections in this state: how many its prelude has (0 when it loaded whole,
    /// from the text) and how many a policy's reads have loaded so far. The bytecode form
    /// leaves parts of cal a policy never reads unloaded (a one-month command's cost).
    var preludeSections: (count: Int, loaded: Int) {
        lua.withUnsafeHandle { state in
            var loaded: Int32 = 0
            let count = cpb_prelude_sections(state, &loaded)
            return (Int(count), Int(loaded))
        }
    }

    /// The .ics files `cal.ics` read while the policy loaded: real paths and content hashes.
    func icsInputs() -> [(path: String, hash: UInt64)] {
        lua.withUnsafeHandle { state in
            (0..<max(0, Int(cpb_ics_input_count(state)))).compactMap { index in
                var hash: UInt64 = 0
                guard let path = cpb_ics_input(state, Int32(index), &hash) else { return nil }
                return (String(cString: path), hash)
            }
        }
    }

    /// The holiday data `cal.holidays` has resolved in this state so far: the narrowest years
    /// covered and the data set ending first ("holidays:IN:public"); nil when it read none.
    func holidayDataSpan() -> (first: Int, last: Int, source: String)? {
        lua.withUnsafeHandle { state in
            var first: Int32 = 0, last: Int32 = 0
            var source = [CChar](repeating: 0, count: 64)
            guard cpb_holiday_data_span(state, &first, &last, &source, source.count) != 0 else { return nil }
            return (Int(first), Int(last), String(decoding: source.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                  as: UTF8.self))
        }
    }

    /// The text the prelude's `native[name]` function returns (what cal keeps for the host, such
    /// as the rows of its `cal.windows` lists), under the call budget; "" when cal left none.
    func nativeText(_ name: String) throws(LuaError) -> String {
        var text = ""
        let status = lua.withUnsafeHandle { state in
            var out: UnsafePointer<CChar>?
            var length = 0
            let status = cpb_native_text(state, name, &out, &length)
            if status == 0, let out {
                text = out.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
            }
            cpb_native_finish(state)
            return status
        }
        try lua.check(status: status)
        return text
    }

    /// The content hash `icsInputs` records, of other bytes.
    static func contentHash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { UInt64(cpb_content_hash($0.baseAddress, $0.count)) }
        }
    }

    /// Loads and runs a policy chunk (text only, UTF-8 BOM skipped), named `@path`.
    func loadPolicy(_ source: [UInt8], path: String) throws(LuaError) -> LuaChunkInfo {
        var bytes = source
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var info = cpb_policy_info()
        let status = lua.withUnsafeHandle { state in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    cpb_load_policy(state, chars.baseAddress, chars.count, path, &info)
                }
            }
        }
        try lua.check(status: status)
        defer { lua.finishCall() }
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
        var chunk = LuaChunkInfo(functions: functions, lines: lines,
                            name: PolicyLuaState.text(info.name, info.name_len),
                            description: PolicyLuaState.text(info.description, info.description_len),
                            version: PolicyLuaState.text(info.version, info.version_len),
                            zone: PolicyLuaState.text(info.zone, info.zone_len),
                            coverage: info.has_coverage_from == 0 && info.has_coverage_to == 0 ? nil : CoverageSpan(
                                from: info.has_coverage_from != 0 ? Day(dayNumber: Int(info.coverage_from)) : nil,
                                to: info.has_coverage_to != 0 ? Day(dayNumber: Int(info.coverage_to)) : nil),
                            scopeLines: info.has_scope != 0 ? PolicyLuaState.text(info.scope, info.scope_len) ?? "" : nil,
                            overridable: info.has_overridable == 0 ? nil : OverrideRule(
                                isHardFreeze: info.overridable_hard != 0,
                                maxHours: info.max_hours > 0 ? Int(info.max_hours) : nil,
                                requireTicket: info.require_ticket != 0,
                                approvers: PolicyLuaState.text(info.approvers, info.approvers_len).map {
                                    $0.split(separator: "\n").map(String.init) }),
                            globalStyle: info.global_style != 0,
                            extraKeys: PolicyContract.Key.parse(PolicyLuaState.bytes(info.extras, info.extras_len)))
        chunk.fromCache = lua.lastChunkCached
        return chunk
    }

    private static func bytes(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> [UInt8] {
        guard let pointer, length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// The read-only `selection` view passed to canSelect/canDeselect (day numbers ascending).
    func setSelection(_ days: [Int]) throws(LuaError) {
        let status = lua.withUnsafeHandle { state in
            days.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: Int64.self) { values in
                    cpb_set_selection(state, values.baseAddress, values.count)
                }
            }
        }
        try lua.check(status: status)
    }

    /// The decision's context policies see as their last argument (`entries` checked by
    /// `DecisionContext`: known keys and `labels.NAME`).
    func setContext(_ entries: [(key: String, value: String)]) throws(LuaError) {
        let keys = entries.map { Array($0.key.utf8CString) }, values = entries.map { Array($0.value.utf8CString) }
        let keyLengths = entries.map { $0.key.utf8.count }, valueLengths = entries.map { $0.value.utf8.count }
        let status = lua.withUnsafeHandle { state -> Int32 in
            func pointers(_ strings: [[CChar]], _ index: Int, _ collected: [UnsafePointer<CChar>?],
                          _ body: ([UnsafePointer<CChar>?]) -> Int32) -> Int32 {
                guard index < strings.count else { return body(collected) }
                return strings[index].withUnsafeBufferPointer { pointers(strings, index + 1, collected + [$0.baseAddress], body) }
            }
            return pointers(keys, 0, []) { keyPointers in
                pointers(values, 0, []) { valuePointers in
                    cpb_set_context(state, keyPointers, keyLengths, valuePointers, valueLengths, entries.count)
                }
            }
        }
        try lua.check(status: status)
    }

    func callGlobal(_ name: String, argument: String) throws(LuaError) -> String {
        try lua.callGlobal(name, argument: argument)
    }

    func setTracing(_ on: Bool, returnsOnly: Bool = false) throws(LuaError) {
        try lua.setTracing(on, returnsOnly: returnsOnly)
    }
    func setPrintMuted(_ on: Bool) { lua.setPrintMuted(on) }
    var tracedLines: [Int: Int] { lua.tracedLines }
    var decidingLines: [Int: Int] { lua.decidingLines }
    var lastReturnLine: Int? { lua.lastReturnLine }
}
