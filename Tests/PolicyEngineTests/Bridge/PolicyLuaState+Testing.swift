import CalendarCore
import LuaHost
@testable import PolicyEngine

/// Single calls for tests, each a run of one day through the state's one entry.
extension PolicyLuaState {
    func callVerdict(_ slot: LuaFunctionSlot, dayNumber: Int, calendarTag: Int32,
                     today: Int?) throws(LuaError) -> (allowed: Bool, reason: String?) {
        let answers = try call(slot, dayNumber: dayNumber, calendarTag: calendarTag, today: today)
        let verdict = slot == .canDeselect ? answers.deselect : answers.select
        switch verdict {
        case .allowed: return (true, nil)
        case .denied(let reason): return (false, reason)
        }
    }

    func callDecoration(dayNumber: Int, calendarTag: Int32, today: Int?) throws(LuaError) -> Decoration? {
        try call(.decorationFor, dayNumber: dayNumber, calendarTag: calendarTag, today: today).decoration
    }
}
