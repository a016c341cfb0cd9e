import CalendarData
import CalendarCore
import LuaHost

/// Answers Lua's calendar conversions with CalendarCore's systems: the displayed
/// calendar of the current call first (it may be a custom system), else the registry.
final class PolicyDateBridge: LuaDateBridge {
    /// Set under the policy's lock before each call; read by C callbacks during it. A lock of
    /// its own rather than `LockedValue<(any CalendarSystem)?>`, whose metadata the runtime
    /// builds at first use by demangling the existential's name: ~34 K instructions of every
    /// command's start (callgrind), for a value a non-generic class holds as well.
    private let lock = PolicyLock()
    nonisolated(unsafe) private var current: (any CalendarSystem)?

    func use(_ system: any CalendarSystem) {
        lock.lock()
        defer { lock.unlock() }
        current = system
    }

    private func system(named name: String) throws(LuaBridgeError) -> any CalendarSystem {
        lock.lock()
        let current = self.current
        lock.unlock()
        if let system = current, system.identifier.rawValue == name { return system }
        guard let identifier = CalendarIdentifier(name: name) else {
            let known = CalendarIdentifier.allCases.map(\.rawValue).joined(separator: ", ")
            // A long name is elided, so the whole message fits the bridge's buffer.
            let shown = name.utf8.count > 64 ? String(decoding: name.utf8.prefix(60), as: UTF8.self) + "..." : name
            throw LuaBridgeError("unknown calendar '\(shown)'; expected one of \(known)")
        }
        return CalendarSystems.system(for: identifier)
    }

    func convert(dayNumber: Int, calendar: String) throws(LuaBridgeError) -> LuaCalendarDate {
        let day = Day(dayNumber: dayNumber)
        guard Day.supportedRange.contains(day) else {
            throw LuaBridgeError("day \(dayNumber) is outside 0001-01-01...9999-12-31")
        }
        let date = try system(named: calendar).date(of: day)
        return LuaCalendarDate(year: date.year, month: date.month.month, day: date.day, era: date.era,
                               isLeapMonth: date.isLeapMonth)
    }

    /// The years, months and days `cal.fromCalendar` accepts before asking a calendar: wide
    /// enough for every calendar's own numbering (Hebrew AM, Amete Alem, era years counted
    /// backwards), narrow enough that no calendar arithmetic on them can overflow. The C
    /// shim checks the same bound (`CLS_CALENDAR_FIELD_LIMIT`) before it calls here.
    static let componentRange = -999_999...999_999

    func dayNumber(calendar: String, year: Int, month: Int, day: Int,
                   isLeapMonth: Bool) throws(LuaBridgeError) -> Int {
        for (name, value) in [("year", year), ("month", month), ("day", day)]
        where !Self.componentRange.contains(value) {
            throw LuaBridgeError("\(name) \(value) is out of range "
                                 + "(\(Self.componentRange.lowerBound)...\(Self.componentRange.upperBound))")
        }
        let system = try system(named: calendar)
        let month = CalendarMonth(year: year, month: month, isLeapMonth: isLeapMonth)
        let span: DaySpan
        do {
            span = try system.span(of: month)
        } catch {
            throw LuaBridgeError(error.description)
        }
        // Checked before any arithmetic on `day`.
        guard day >= 1, day <= span.count else {
            throw LuaBridgeError("day \(day) does not exist in \(calendar) month \(year)-\(month.month)")
        }
        // A calendar's first and last supported years reach past 0001...9999 (Chinese 9999-12
        // ends in 10000): a day there would not survive the ISO string cal returns.
        let target = span.first.adding(days: day - 1)
        guard Day.supportedRange.contains(target) else {
            throw LuaBridgeError("\(calendar) \(year)-\(month.month)-\(day) is outside 0001-01-01...9999-12-31")
        }
        return target.dayNumber
    }
}
