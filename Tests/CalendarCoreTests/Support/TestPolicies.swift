import Foundation
@testable import CalendarCore

/// Parses an ISO day in tests; a typo fails the test with the parse error.
func day(_ iso: String) throws -> Day { try Day(iso: iso) }

func days(_ isos: String...) throws -> [Day] { try isos.map(Day.init(iso:)) }

/// Records which days a policy was asked about, across threads.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var selectCalls: [Day] = []
    private var deselectCalls: [Day] = []

    func recordSelect(_ day: Day) { lock.withLock { selectCalls.append(day) } }
    func recordDeselect(_ day: Day) { lock.withLock { deselectCalls.append(day) } }
    var selected: [Day] { lock.withLock { selectCalls } }
    var deselected: [Day] { lock.withLock { deselectCalls } }
}

/// A policy that denies selecting the days in `denySelect` and deselecting the days
/// in `denyDeselect`, logging every question.
struct ListPolicy: DayPolicy {
    var name: String
    var denySelect: Set<Day> = []
    var denyDeselect: Set<Day> = []
    var log = CallLog()

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        log.recordSelect(day)
        return denySelect.contains(day) ? .denied(reason: "\(day.iso) is blocked by \(name)") : .allowed
    }

    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        log.recordDeselect(day)
        return denyDeselect.contains(day) ? .denied(reason: "\(day.iso) is locked by \(name)") : .allowed
    }
}

struct PolicyFailure: Error, Equatable {
    var day: Day
}

/// A policy whose questions about `failOn` throw, like a Lua runtime error.
struct ThrowingPolicy: DayPolicy {
    var name = "throwing"
    var failOn: Set<Day>

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        if failOn.contains(day) { throw PolicyFailure(day: day) }
        return .allowed
    }

    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        if failOn.contains(day) { throw PolicyFailure(day: day) }
        return .allowed
    }
}
