import CalendarData
import CalendarCore
import LuaHost

/// A `DayPolicy` answered by a Lua file, in a Lua state of its own.
///
/// One state per policy keeps policies from seeing each other's globals; a lock
/// around it means a state is never entered by two threads, so evaluating from
/// many threads is safe (calls to one policy take turns).
public final class LuaPolicy: DayPolicy, Sendable {
    /// How text output names the policy: the file name, or a longer tail of the path when
    /// two policies of a stack share one (see `PolicyIdentity`).
    public let name: String
    /// The path the policy was loaded from, as given.
    public let path: String
    public let metadata: PolicyMetadata
    /// What `PolicyContract` found legal but suspicious at load (globals outside the contract).
    public let warnings: [PolicyWarning]
    public let options: LuaPolicyOptions
    /// The exact bytes that were loaded (reload compares against them).
    let source: [UInt8]
    let has: (canSelect: Bool, canDeselect: Bool, decoration: Bool)
    /// `answersForYear` is defined: a run of days with an empty selection asks it once per year
    /// instead of canSelect and decorationFor once per day (`LuaPolicy+YearAnswers.swift`).
    let answersByYear: Bool
    /// A declarative file (freeze.yaml): its functions are the engine's fixed Lua, so no line of
    /// them is a line of the file (deciding lines are left out).
    public let isDeclarative: Bool
    /// `hoursFor` is defined: the policy closes parts of days.
    public let definesHours: Bool
    /// `zone = "..."`: the IANA zone its hours are in (checked at load); nil: the stack's.
    public let zoneName: String?
    /// That zone, resolved at load.
    public let zone: ZoneWallTime?
    /// `scope = {...}`: where it applies (read at load, as data); outside it, no opinion.
    public let scope: DecisionScope?
    /// `overridable = ...`: whether and how an override may lift it (read at load, as data).
    public let overridable: OverrideRule
    let lines: [LuaFunctionSlot: Int]
    /// How `cal` was loaded: `.bytecode` unless the build's dump was refused.
    let preludeForm: LuaChunkForm
    /// The policy's chunk came from the compile cache (`LuaPolicyOptions.compileCache`).
    let compiledFromCache: Bool
    /// Which of the three functions the file defines; a missing one answers at once
    /// (allowed, or no decoration) without entering Lua, so callers can skip per-call guards.
    private let engine: PolicyEngineState
    private let lock = PolicyLock()
    /// How the run's watcher names this policy if it gets stuck.
    let subject: Int

    public convenience init(path: String, options: LuaPolicyOptions = .init()) throws(PolicyError) {
        let source = try PolicyFile.source(path, limit: options.memoryLimit)
        try self.init(path: path, source: source, options: options)
    }

    /// Loads `source` as if read from `path` (the path names the chunk in messages).
    /// `displayName` is how text output names it (default: the file name; a stack whose
    /// files share a name passes `PolicyIdentity.displayNames`).
    public init(path: String, source: [UInt8], options: LuaPolicyOptions = .init(),
                displayName: String? = nil) throws(PolicyError) {
        let bridge = PolicyDateBridge()
        let fileName = PolicyFile.fileName(of: path)
        let subject = PolicySubjects.shared.id(for: path)
        RunNote.noteLoading(subject: subject)
        // A declarative file (freeze.yaml) is read by its schema first; the engine's fixed Lua then
        // answers for its values, so it loads, stacks and answers as any Lua policy does.
        let freeze = DeclarativeSource.isDeclarative(path) ? try DeclarativeSource.freeze(source, path: path) : nil
        let loaded: (PolicyLuaState, LuaChunkInfo, LuaChunkForm)
        do {
            loaded = try LuaNativeStack.run { () throws(LuaError) -> (PolicyLuaState, LuaChunkInfo, LuaChunkForm) in
                let state = try PolicyLuaState(options: LuaStateOptions(
                    instructionBudget: options.instructionBudget, loadBudget: options.loadBudget,
                    memoryLimit: options.memoryLimit, hookEnabled: options.hookEnabled,
                    print: options.printHandler(file: fileName),
                    memoryPool: options.memoryPool ?? PolicyRun.current?.memoryPool,
                    compileCache: options.compileCache), dateBridge: bridge)
                for identifier in CalendarIdentifier.allCases { _ = state.registerCalendar(identifier.rawValue) }
                if options.tracing { try state.setTracing(true) }
                let form = try CalPrelude.load(into: state)
                let info: LuaChunkInfo
                if let freeze {
                    try state.setGlobal(DeclarativeSource.globalName, tree: freeze.data)
                    info = try state.loadPolicy(DeclarativeSource.lua, path: path)
                } else {
                    info = try state.loadPolicy(source, path: path)
                }
                try state.setSelection([])
                return (state, info, form)
            }
        } catch {
            let problem = PolicyError(error, file: path, function: nil, day: nil)
            throw freeze.map { DeclarativeSource.place(problem, in: $0) } ?? problem
        }
        let (state, info, form) = loaded
        self.warnings = try PolicyContract.check(info, file: path)
        self.preludeForm = form
        self.isDeclarative = freeze != nil
        self.compiledFromCache = info.fromCache
        self.subject = subject
        self.path = path
        self.name = displayName ?? fileName
        self.source = source
        self.options = options
        self.metadata = PolicyMetadata(name: info.name ?? fileName, description: info.description,
                                       version: info.version, coverage: info.coverage)
        self.answersByYear = info.functions.contains(.answersForYear)
        self.has = (info.functions.contains(.canSelect), info.functions.contains(.canDeselect),
                    info.functions.contains(.decorationFor))
        self.lines = info.lines
        self.definesHours = info.functions.contains(.hoursFor)
        var zone: ZoneWallTime?
        if let name = info.zone {
            switch ZoneNames.resolve(name) {
            case .success(let resolved): zone = resolved
            case .failure(let problem):
                throw PolicyError(kind: .type, file: path, line: LuaPolicy.line(of: "zone", in: source),
                                  message: "policy field 'zone': " + problem.message)
            }
        }
        (self.zoneName, self.zone) = (info.zone, zone)
        self.scope = try info.scopeLines.map { lines throws(PolicyError) in
            try LuaPolicy.scope(lines, file: path, line: LuaPolicy.line(of: "scope", in: source))
        }
        self.overridable = info.overridable ?? .open
        self.engine = PolicyEngineState(state: state, bridge: bridge)
    }

    // Each single question is a run of one day through `answer` (one entry into Lua).
    // One question about one day: the same C entry as a run (a run of one), reading only
    // the answer asked, so a caller asking day by day pays for Lua and little else.

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard has.canSelect, !isOutOfScope(context) else { return .allowed }
        return try verdict(.canSelect, day, context)
    }

    public func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard has.canDeselect, !isOutOfScope(context) else { return .allowed }
        return try verdict(.canDeselect, day, context)
    }

    public func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        guard has.decoration, !isOutOfScope(context) else { return nil }
        let today = (context.today ?? options.today)?.dayNumber
        var decoration: Decoration?
        do throws(LuaError) {
            try enter(functions: RunNote.bit(.decorationFor), first: day, last: day) { engine throws(LuaError) in
                let tag = try engine.prepare(context, selection: false)
                decoration = try engine.state.askDecoration(dayNumber: day.dayNumber, calendarTag: tag, today: today)
            }
        } catch {
            throw policyError(error, slot: .decorationFor, day: day)
        }
        return decoration
    }

    private func verdict(_ slot: LuaFunctionSlot, _ day: Day, _ context: PolicyContext) throws(PolicyError) -> Verdict {
        let today = (context.today ?? options.today)?.dayNumber
        var verdict = Verdict.allowed
        do throws(LuaError) {
            try enter(functions: RunNote.bit(slot), first: day, last: day) { engine throws(LuaError) in
                let tag = try engine.prepare(context, selection: true)
                verdict = try engine.state.askVerdict(slot, dayNumber: day.dayNumber, calendarTag: tag, today: today)
            }
        } catch {
            throw policyError(error, slot: slot, day: day)
        }
        return verdict
    }

    /// The day's closed intervals (`hoursFor`, asked with an empty selection), in the policy's
    /// zone's wall time; a malformed answer is the policy's type error at hoursFor's line.
    public func closedHours(for day: Day, context: PolicyContext) throws -> [ClosedHours] {
        guard definesHours, !isOutOfScope(context) else { return [] }
        let today = (context.today ?? options.today)?.dayNumber
        let asked = PolicyContext(calendar: context.calendar, today: context.today, selection: [], decision: context.decision)
        return try call(.hoursFor, day) { engine throws(LuaError) in
            let tag = try engine.prepare(asked, selection: true)
            return try engine.state.callHours(dayNumber: day.dayNumber, calendarTag: tag, today: today)
        }
    }

    /// Its declared `coverage`, narrowed by the years of the holiday data its `cal.holidays`
    /// calls have read so far (at load or in any call): past either, it does not know.
    public var dataHorizon: DataHorizon? {
        let declared = metadata.coverage
        let read = locked { (engine: PolicyEngineState) in engine.state.holidayDataSpan() }
        var horizon = declared.map { DataHorizon(first: $0.from, last: $0.to, source: "its coverage") }
        if let read {
            let first = try? Day(year: read.first, month: 1, day: 1), last = try? Day(year: read.last, month: 12, day: 31)
            var merged = horizon ?? DataHorizon(first: nil, last: nil, source: read.source)
            if let first, merged.first.map({ first > $0 }) ?? true { merged.first = first }
            if let last, merged.last.map({ last < $0 }) ?? true { (merged.last, merged.source) = (last, read.source) }
            horizon = merged
        }
        return horizon
    }

    /// The first line assigning `field` (`zone = ...`), for an error about its value.
    static func line(of field: String, in source: [UInt8]) -> Int? {
        let text = String(decoding: source, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(field) else { continue }
            if trimmed.dropFirst(field.count).drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("=") { return index + 1 }
        }
        return nil
    }

    /// Whether a file the policy read while loading (`cal.ics`) has changed or gone since: the
    /// policy's identity is its source and those files. Runs no Lua; reads the files again.
    public func readFilesChanged() -> Bool {
        let inputs = locked { (engine: PolicyEngineState) in engine.state.icsInputs() }
        for input in inputs {
            guard let bytes = try? PolicyFile.read(input.path, limit: 1 << 20),
                  PolicyLuaState.contentHash(bytes) == input.hash else { return true }
        }
        return false
    }

    /// One question about one day, through `enter`; a Lua failure becomes the policy's typed error.
    func call<T: Sendable>(_ slot: LuaFunctionSlot, _ day: Day,
                           _ body: (PolicyEngineState) throws(LuaError) -> T) throws(PolicyError) -> T {
        do throws(LuaError) {
            return try enter(functions: RunNote.bit(slot), first: day, last: day, body)
        } catch {
            throw policyError(error, slot: slot, day: day)
        }
    }

    /// The one way to run Lua in the policy's state: under the lock (see `locked`), with
    /// what is asked noted for the run's watcher, on a thread with enough native stack.
    @inline(__always) // specialised at each caller: the per-day path copies no values through metadata
    func enter<T>(functions: Int, first: Day?, last: Day?,
                  _ body: (PolicyEngineState) throws(LuaError) -> T) throws(LuaError) -> T {
        try locked { (engine: PolicyEngineState) throws(LuaError) -> T in
            RunNote.note(subject: subject, functions: functions, first: first, last: last)
            if LuaNativeStack.hasHeadroom { return try body(engine) }
            return try LuaNativeStack.onLargeStack { () throws(LuaError) -> T in try body(engine) }
        }
    }

    /// The state under the lock, so it is never entered by two threads; alone (without
    /// `enter`) only for reading what the state recorded, which runs no Lua.
    @inline(__always)
    func locked<T, E: Error>(_ body: (PolicyEngineState) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(engine)
    }

    /// A Lua failure as the typed error callers see; a type error with no line of its
    /// own points at the function's definition.
    func policyError(_ error: LuaError, slot: LuaFunctionSlot, day: Day) -> PolicyError {
        var policyError = PolicyError(error, file: path, function: slot.name, day: day)
        if policyError.line == nil, error.kind == .type { policyError.line = lines[slot] }
        return policyError
    }
}

extension PolicyError {
    init(_ error: LuaError, file: String, function: String?, day: Day?) {
        let kind: Kind = switch error.kind {
        case .runtime: .runtime
        case .syntax: .syntax
        case .type: .type
        case .sandbox: .sandbox
        case .budget: .budget
        case .memory: .memory
        case .timeout: .timeout
        }
        self.init(kind: kind, file: file, line: error.line, function: function, day: day,
                  message: error.message, traceback: error.traceback)
    }
}
