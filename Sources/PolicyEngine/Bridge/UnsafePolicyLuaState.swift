import CalendarCore
internal import CPolicyBridge
import LuaHost

/// A Lua state opened with the policy bridge (CPolicyBridge): the `day`, `selection`
/// and `day.calendar` views, the `cal` prelude's native helpers, policy loading and
/// the one entry into a policy's functions (`callDays`, a run of days). Every pointer
/// the bridge touches lives in this file; statuses go through LuaHost's one choke point.
final class PolicyLuaState {
    let lua: LuaState
    /// Kept alive for the state's lifetime: C holds an unretained pointer to it.
    private let box: BridgeBox?
    /// The raw state, taken once: valid as long as `lua`, which this object owns.
    private let handle: OpaquePointer
    /// The record of single-day questions, allocated once and reused: a fresh one is a few
    /// hundred bytes to zero on every question. Only the owner's lock ever enters the state,
    /// so one record is never used by two calls at once; C writes every field read back.
    private let single: UnsafeMutablePointer<cpb_day_call>
    /// Its three answers, addressed once (not through a lazily initialised offset per question).
    private let singleSelect, singleDeselect, singleDecoration: UnsafePointer<cpb_call>
    /// The records of a run of days, kept for the next run (grown when a longer one comes): a
    /// fresh array per run was ~360 KiB to allocate and zero for every 1,024 days of a report.
    /// Each run writes every input field, and C every output field the host reads back.
    private var runRecords: UnsafeMutablePointer<cpb_day_call>?
    private var runCapacity = 0

    init(options: LuaStateOptions = .init(), dateBridge: (any LuaDateBridge)? = nil) throws(LuaError) {
        UnsafePolicyFileReader.installed
        _ = UnsafeHolidayHost.installed
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
    private func records(_ count: Int) -> UnsafeMutablePointer<cpb_day_call> {
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
        return LuaChunkInfo(functions: functions, lines: lines,
                            name: PolicyLuaState.text(info.name, info.name_len),
                            description: PolicyLuaState.text(info.description, info.description_len),
                            version: PolicyLuaState.text(info.version, info.version_len),
                            zone: PolicyLuaState.text(info.zone, info.zone_len),
                            coverage: info.has_coverage_from == 0 && info.has_coverage_to == 0 ? nil : CoverageSpan(
                                from: info.has_coverage_from != 0 ? Day(dayNumber: Int(info.coverage_from)) : nil,
                                to: info.has_coverage_to != 0 ? Day(dayNumber: Int(info.coverage_to)) : nil),
                            globalStyle: info.global_style != 0,
                            extraKeys: PolicyContract.Key.parse(PolicyLuaState.bytes(info.extras, info.extras_len)))
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

    /// The one way into a policy's functions: the asked functions of many days in one
    /// crossing (`questions[i]` of those `defined`, for `days[i]`, the first `count`; a single
    /// day is a run of one). Answers for the days before a failure are kept and returned with
    /// it (without their texts when the policy raised: `cpb_call_days`); a function not asked
    /// answers `.allowed` (or no decoration).
    func callDays(_ questions: [DayQuestions], days dayValues: [Day], count wanted: Int, defined: DayQuestions,
                  calendarTag: Int32, today: Int?)
        -> (answers: [DayAnswers], failure: (slot: LuaFunctionSlot, error: LuaError)?) {
        let count = min(wanted, questions.count, dayValues.count)
        guard count > 0 else { return ([], nil) }
        let days = records(count)
        let hasToday: Int32 = today == nil ? 0 : 1, todayNumber = Int64(today ?? 0)
        let mask = (defined.canSelect ? 1 : 0) | (defined.canDeselect ? 2 : 0) | (defined.decoration ? 4 : 0)
        questions.withUnsafeBufferPointer { questions in
            dayValues.withUnsafeBufferPointer { dayValues in
                for index in 0..<count {
                    let asked = questions[index]
                    days[index].day_number = Int64(dayValues[index].dayNumber)
                    days[index].calendar_tag = calendarTag
                    days[index].has_today = hasToday
                    days[index].today = todayNumber
                    days[index].wants = Int32(((asked.canSelect ? 1 : 0) | (asked.canDeselect ? 2 : 0)
                        | (asked.decoration ? 4 : 0)) & mask)
                }
            }
        }
        var answered: Int32 = 0
        let status = cpb_call_days(handle, days, Int32(count), &answered)
        defer { cpb_call_finish(handle) }
        let done = max(0, min(count, Int(answered)))
        // Each answer starts empty (copied as bytes: it holds no reference) and only what
        // refused or decorated is written into it: building each answer and initialising its
        // slot with it copied it through its value witness (~50 instructions a day).
        var answers = DayAnswers.empty(count: done)
        answers.withUnsafeMutableBufferPointer { slots in
            for index in 0..<done {
                PolicyLuaState.write(days + index, asked: DayQuestions(wants: days[index].wants), into: &slots[index])
            }
        }
        do throws(LuaError) {
            try lua.check(status: status)
            return (answers, nil)
        } catch {
            let failed = done < count ? Int(days[done].failed) : 0
            return (answers, (LuaFunctionSlot(rawValue: failed) ?? .canSelect, error))
        }
    }

    /// One day: the same C entry as `callDays`, with the reused record as its run of one, so
    /// the per-day path allocates and zeroes nothing (a caller asking day by day pays for Lua
    /// only). The answers are written into `answer`, which must start empty (`DayAnswers()`:
    /// only a refusal or a decoration is written); the failure, if any, is returned.
    func callDay(_ asked: DayQuestions, dayNumber: Int, calendarTag: Int32, today: Int?,
                 into answer: inout DayAnswers) -> (slot: LuaFunctionSlot, error: LuaError)? {
        let status = run(asked, dayNumber, calendarTag, today)
        defer { cpb_call_finish(handle) }
        if status != 0 {
            do throws(LuaError) {
                try lua.check(status: status)
            } catch {
                return (LuaFunctionSlot(rawValue: Int(single.pointee.failed)) ?? .canSelect, error)
            }
        }
        PolicyLuaState.write(single, asked: asked, into: &answer)
        return nil
    }

    /// `canSelect` or `canDeselect` alone for one day, the verdict read straight from the record.
    func askVerdict(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32,
                     today: Int?) throws(LuaError) -> Verdict {
        let asked = DayQuestions(canSelect: slot == .canSelect, canDeselect: slot == .canDeselect, decoration: false)
        let status = run(asked, dayNumber, calendarTag, today)
        if status != 0 {
            cpb_call_finish(handle) // the error is in the state's record, not on the stack
            try lua.check(status: status)
        }
        let call = slot == .canSelect ? singleSelect : singleDeselect
        // An allowed day left nothing on the stack (only a reason is kept): no release needed.
        if call.pointee.allowed != 0 { return .allowed }
        defer { cpb_call_finish(handle) }
        return PolicyLuaState.verdict(call)
    }

    /// `decorationFor` alone for one day.
    func askDecoration(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> Decoration? {
        let status = run(DayQuestions(canSelect: false, canDeselect: false, decoration: true), dayNumber,
                         calendarTag, today)
        if status != 0 {
            cpb_call_finish(handle)
            try lua.check(status: status)
        }
        let call = singleDecoration
        if call.pointee.has_decoration == 0 { return nil } // nothing kept on the stack
        defer { cpb_call_finish(handle) }
        return PolicyLuaState.decoration(call)
    }

    /// The reused record as a run of one through `cpb_call_days`; the strings it points to
    /// live until `cpb_call_finish`.
    @inline(__always)
    private func run(_ asked: DayQuestions, _ dayNumber: Int, _ calendarTag: Int32, _ today: Int?) -> Int32 {
        let day = single
        day.pointee.day_number = Int64(dayNumber)
        day.pointee.calendar_tag = calendarTag
        day.pointee.has_today = today == nil ? 0 : 1
        day.pointee.today = Int64(today ?? 0)
        day.pointee.wants = (asked.canSelect ? 1 : 0) | (asked.canDeselect ? 2 : 0) | (asked.decoration ? 4 : 0)
        var answered: Int32 = 0
        return cpb_call_days(handle, day, 1, &answered)
    }

    /// One function for one day (tests and explain): `callDay`, throwing its failure.
    func call(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> DayAnswers {
        let asked = DayQuestions(canSelect: slot == .canSelect, canDeselect: slot == .canDeselect,
                                 decoration: slot == .decorationFor)
        var answer = DayAnswers()
        if let failure = callDay(asked, dayNumber: dayNumber, calendarTag: calendarTag, today: today, into: &answer) {
            throw failure.error
        }
        return answer
    }

    /// hoursFor for one day (a policy without it answers nothing): the intervals it returned,
    /// checked by the bridge, or its failure.
    func callHours(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> [ClosedHours] {
        var records = [cpb_hours](repeating: cpb_hours(), count: Int(CPB_MAX_HOURS))
        var count: Int32 = 0
        let status = records.withUnsafeMutableBufferPointer { buffer in
            cpb_call_hours(handle, Int64(dayNumber), calendarTag, today == nil ? 0 : 1, Int64(today ?? 0),
                           buffer.baseAddress, Int32(buffer.count), &count)
        }
        defer { cpb_call_finish(handle) }
        try lua.check(status: status)
        return records.prefix(Int(count)).map { record in
            ClosedHours(from: Int(record.from), to: Int(record.to),
                        reason: PolicyLuaState.text(record.reason, record.reason_len))
        }
    }

    /// answersForYear(year) (`cpb_call_year`): the days of the year it lists, with their
    /// canSelect and decorationFor answers for an empty selection, by day number; a day it
    /// does not list is selectable and undecorated.
    func callYear(_ year: Int, first: Int, last: Int, today: Int?) throws(LuaError) -> [Int: DayAnswers] {
        var records = [cpb_day_call](repeating: cpb_day_call(), count: 366)
        var count: Int32 = 0
        let status = records.withUnsafeMutableBufferPointer { buffer in
            cpb_call_year(handle, Int64(year), Int64(first), Int64(last), today == nil ? 0 : 1, Int64(today ?? 0),
                          buffer.baseAddress, Int32(buffer.count), &count)
        }
        defer { cpb_call_finish(handle) }
        try lua.check(status: status)
        let asked = DayQuestions(canSelect: true, canDeselect: false, decoration: true)
        var answers: [Int: DayAnswers] = [:]
        answers.reserveCapacity(Int(count))
        records.withUnsafeBufferPointer { buffer in
            for index in 0..<Int(count) {
                let record = buffer.baseAddress! + index
                answers[Int(record.pointee.day_number)] = PolicyLuaState.answers(record, asked: asked)
            }
        }
        return answers
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
