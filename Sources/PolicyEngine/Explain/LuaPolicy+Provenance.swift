import CalendarCore
import LuaHost

/// What one policy answered for one day, with the line of the `return` that decided
/// each answer (nil when the function is absent or the policy was loaded without tracing).
public struct PolicyAnswer: Hashable, Sendable {
    public var policy: String
    public var path: String
    public var canSelect: Verdict
    public var canSelectLine: Int?
    public var canDeselect: Verdict
    public var canDeselectLine: Int?
    public var decoration: Decoration?
    public var decorationLine: Int?
    /// `hoursFor`'s closed intervals (wall time in `zone`) and the line of its deciding
    /// `return`; nil when the policy defines no hoursFor.
    public var hours: [ClosedHours]? = nil
    public var hoursLine: Int? = nil
    /// The zone of those wall times: the policy's own, nil for the stack's.
    public var zone: String? = nil
    /// For a policy with a `scope`: "in scope: …" or "not in scope: environment is 'staging'"
    /// (then it was not asked and has no opinion); nil for an unscoped policy.
    public var scope: String? = nil
}

extension LuaPolicy {
    /// Asks all three functions about `day`, each with the line of its deciding `return`.
    /// Tracing is switched on just for these calls unless the policy was loaded with it.
    public func answer(for day: Day, context: PolicyContext) throws(PolicyError) -> PolicyAnswer {
        if let scope, let outside = scope.outside(context.decision) {
            return PolicyAnswer(policy: name, path: path, canSelect: .allowed, canSelectLine: nil, canDeselect: .allowed,
                                canDeselectLine: nil, decoration: nil, decorationLine: nil, scope: "not in scope: " + outside)
        }
        let select = try tracedVerdict(.canSelect, has.canSelect, day, context)
        let deselect = try tracedVerdict(.canDeselect, has.canDeselect, day, context)
        var decoration: (Decoration?, Int?) = (nil, nil)
        if has.decoration {
            let today = (context.today ?? options.today)?.dayNumber
            let transient = !options.tracing
            let traced = try call(.decorationFor, day) { (engine: PolicyEngineState) throws(LuaError) in
                if transient { try engine.state.setTracing(true, returnsOnly: true) }
                defer { if transient { try? engine.state.setTracing(false) } }
                let tag = try engine.prepare(context, selection: false)
                let value = try engine.state.call(.decorationFor, dayNumber: day.dayNumber, calendarTag: tag,
                                                  today: today).decoration
                return (value, engine.state.lastReturnLine)
            }
            decoration = (traced.0, traced.1)
        }
        var answer = PolicyAnswer(policy: name, path: path, canSelect: select.0, canSelectLine: select.1,
                                  canDeselect: deselect.0, canDeselectLine: deselect.1,
                                  decoration: decoration.0, decorationLine: decoration.1)
        answer.scope = scope?.inScopeNote(context.decision)
        if definesHours {
            let today = (context.today ?? options.today)?.dayNumber
            let transient = !options.tracing
            let asked = PolicyContext(calendar: context.calendar, today: context.today, selection: [], decision: context.decision)
            let traced = try call(.hoursFor, day) { (engine: PolicyEngineState) throws(LuaError) in
                if transient { try engine.state.setTracing(true, returnsOnly: true) }
                defer { if transient { try? engine.state.setTracing(false) } }
                let tag = try engine.prepare(asked, selection: true)
                let value = try engine.state.callHours(dayNumber: day.dayNumber, calendarTag: tag, today: today)
                return (value, engine.state.lastReturnLine)
            }
            (answer.hours, answer.hoursLine, answer.zone) = (traced.0, traced.1, zoneName)
        }
        if isDeclarative {
            // Lines of the engine's fixed Lua, not of the file: left out.
            (answer.canSelectLine, answer.canDeselectLine, answer.decorationLine, answer.hoursLine) = (nil, nil, nil, nil)
        }
        return answer
    }

    /// Lines run and lines whose `return` decided a call, since loading (tracing on).
    public var trace: PolicyTrace {
        let functionLines = Dictionary(uniqueKeysWithValues: lines.map { ($0.key.name, $0.value) })
        return locked { (engine: PolicyEngineState) -> PolicyTrace in
            PolicyTrace(path: path, linesRun: engine.state.tracedLines, decidingLines: engine.state.decidingLines,
                        functionLines: functionLines)
        }
    }

    private func tracedVerdict(_ slot: LuaFunctionSlot, _ present: Bool, _ day: Day,
                               _ context: PolicyContext) throws(PolicyError) -> (Verdict, Int?) {
        guard present else { return (.allowed, nil) }
        let today = (context.today ?? options.today)?.dayNumber
        let transient = !options.tracing
        let traced = try call(slot, day) { (engine: PolicyEngineState) throws(LuaError) in
            if transient { try engine.state.setTracing(true, returnsOnly: true) }
            defer { if transient { try? engine.state.setTracing(false) } }
            let tag = try engine.prepare(context, selection: true)
            let answers = try engine.state.call(slot, dayNumber: day.dayNumber, calendarTag: tag, today: today)
            return (slot == .canSelect ? answers.select : answers.deselect, engine.state.lastReturnLine)
        }
        return (traced.0, traced.1)
    }
}

/// Where a traced policy spent its calls: the raw material of coverage reports.
public struct PolicyTrace: Hashable, Sendable {
    public var path: String
    /// Line → times run (top-level lines run once, at load).
    public var linesRun: [Int: Int]
    /// Line → times a `return` there ended a call.
    public var decidingLines: [Int: Int]
    /// `canSelect`/`canDeselect`/`decorationFor` → the line that defines it.
    public var functionLines: [String: Int]

    /// Adds another trace of the same file (the same policy loaded by several test files).
    public mutating func merge(_ other: PolicyTrace) {
        linesRun.merge(other.linesRun, uniquingKeysWith: +)
        decidingLines.merge(other.decidingLines, uniquingKeysWith: +)
        functionLines.merge(other.functionLines) { first, _ in first }
    }
}
