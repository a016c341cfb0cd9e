import CalendarCore
import LuaHost

/// One of the three functions of a policy, for asking which line decided its answer.
public enum PolicyFunction: Sendable {
    case canSelect, canDeselect, decorationFor

    var slot: LuaFunctionSlot {
        switch self {
        case .canSelect: .canSelect
        case .canDeselect: .canDeselect
        case .decorationFor: .decorationFor
        }
    }
}

extension LuaPolicy {
    /// The line of the `return` that gave `function`'s answer for `day`: one traced call of
    /// that function alone, replaying the call that decided (which ran untraced, as part of a
    /// run of days). The replay is silent: the policy's `print` already spoke in the call that
    /// decided, so a printed line appears once per decision in every format.
    public func decidingLine(_ function: PolicyFunction, for day: Day, context: PolicyContext) throws(PolicyError) -> Int? {
        try decidingLines(function, for: [day], context: context).first ?? nil
    }
}

extension LuaPolicy {
    /// How many times the policy's functions have been called since it loaded, provenance
    /// replays included: what a benchmark counts to show the Lua calls a document costs.
    public var callCount: Int { locked { (engine: PolicyEngineState) -> Int in engine.state.callCount } }
}

extension LuaPolicy {
    /// `decidingLine` for each of `days` (ascending), in one entry: the lock taken, tracing
    /// turned on and the context prepared once for all of them, not once per day (for 300
    /// years of JSON that per-call set-up was half of what provenance cost).
    public func decidingLines(_ function: PolicyFunction, for days: [Day],
                              context: PolicyContext) throws(PolicyError) -> [Int?] {
        let present = switch function {
        case .canSelect: has.canSelect
        case .canDeselect: has.canDeselect
        case .decorationFor: has.decoration
        }
        guard present, !isDeclarative, let first = days.first, let last = days.last else { return days.map { _ in nil } }
        let today = (context.today ?? options.today)?.dayNumber
        let transient = !options.tracing
        let slot = function.slot
        var asked = first
        do throws(LuaError) {
            return try enter(functions: RunNote.bit(slot), first: first, last: last) {
                (engine: PolicyEngineState) throws(LuaError) -> [Int?] in
                if transient { try engine.state.setTracing(true, returnsOnly: true) }
                engine.state.setPrintMuted(true)
                defer {
                    engine.state.setPrintMuted(false)
                    if transient { try? engine.state.setTracing(false) }
                }
                let tag = try engine.prepare(context, selection: slot != .decorationFor)
                var lines: [Int?] = []
                lines.reserveCapacity(days.count)
                for day in days {
                    asked = day
                    _ = try engine.state.call(slot, dayNumber: day.dayNumber, calendarTag: tag, today: today)
                    lines.append(engine.state.lastReturnLine)
                }
                return lines
            }
        } catch {
            throw policyError(error, slot: slot, day: asked)
        }
    }
}
