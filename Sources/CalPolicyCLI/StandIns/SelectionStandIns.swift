// Stand-ins for CalendarCore's selection names agreed in the API contract, used until
// they land there; this file is deleted then.
import CalendarCore

enum SelectionMode: String, Sendable, CaseIterable { case single, multiple, range, week, month }

struct SelectionLimits: Sendable {
    var minLength: Int?
    var maxLength: Int?
    var maxCount: Int?
    init(minLength: Int? = nil, maxLength: Int? = nil, maxCount: Int? = nil) {
        self.minLength = minLength; self.maxLength = maxLength; self.maxCount = maxCount
    }
}

struct TapResult: Sendable {
    var day: Day
    var accepted: Bool
    var reason: String?
    var policy: String?
    var selection: [Day]
    var leftOut: [Day]
}

struct SelectionController {
    let mode: SelectionMode
    let stack: PolicyStack
    var context: PolicyContext
    let limits: SelectionLimits
    var selection: [Day] = []
    var pending: Day?

    init(mode: SelectionMode, stack: PolicyStack, context: PolicyContext, limits: SelectionLimits = .init(),
         firstWeekday: Int = 1) {
        self.mode = mode; self.stack = stack; self.context = context; self.limits = limits
    }

    mutating func tap(_ day: Day) throws -> TapResult {
        context.selection = selection
        if selection.contains(day) {
            let decision = try stack.canDeselect(day, context: context)
            if decision.isAllowed { selection.removeAll { $0 == day } }
            return TapResult(day: day, accepted: decision.isAllowed, reason: decision.verdict.reason,
                             policy: decision.policy, selection: selection, leftOut: [])
        }
        let decision = try stack.canSelect(day, context: context)
        if decision.isAllowed {
            if mode == .single { selection = [] }
            selection.append(day)
            selection.sort()
        }
        return TapResult(day: day, accepted: decision.isAllowed, reason: decision.verdict.reason,
                         policy: decision.policy, selection: selection, leftOut: [])
    }
}
