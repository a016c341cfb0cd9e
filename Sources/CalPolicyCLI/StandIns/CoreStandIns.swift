// Stand-ins for CalendarCore names agreed in the API contract, used until they land
// there; this file is deleted then.
import CalendarCore
import Foundation

enum CalendarSystems {
    static func system(for identifier: CalendarIdentifier) -> any CalendarSystem {
        GregorianCalendarSystem(identifier: identifier == .iso8601 ? .iso8601 : .gregorian)
    }
}

enum WeekRule: Sendable, Hashable {
    case iso8601
    case locale(firstWeekday: Int, minimumDaysInFirstWeek: Int)
}

struct LocaleInfo: Sendable {
    enum MonthStyle { case full, short }
    enum WeekdayStyle { case veryShort, short, full }
    let identifier: String
    let firstWeekday: Int
    let minimumDaysInFirstWeek: Int

    init(identifier: String) {
        self.identifier = identifier
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        firstWeekday = calendar.firstWeekday
        minimumDaysInFirstWeek = calendar.minimumDaysInFirstWeek
    }

    var weekRule: WeekRule { .locale(firstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDaysInFirstWeek) }

    func monthName(_ month: CalendarMonth, calendar: CalendarIdentifier, style: MonthStyle) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        let names = style == .full ? formatter.standaloneMonthSymbols : formatter.shortStandaloneMonthSymbols
        guard names.indices.contains(month.month - 1) else { return String(month.month) }
        return names[month.month - 1]
    }

    func weekdaySymbols(style: WeekdayStyle) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        let symbols: [String]
        switch style {
        case .veryShort: symbols = formatter.veryShortStandaloneWeekdaySymbols
        case .short: symbols = formatter.shortStandaloneWeekdaySymbols
        case .full: symbols = formatter.standaloneWeekdaySymbols
        }
        return symbols
    }
}

struct MonthGrid: Sendable {
    enum Layout: Sendable { case fitted, sixRows }
    struct Cell: Sendable { var day: Day; var dayOfMonth: Int; var isInMonth: Bool; var isToday: Bool }
    struct Row: Sendable { var weekNumber: Int; var cells: [Cell] }
    let rows: [Row]
    let span: DaySpan

    init(month: CalendarMonth, calendar: any CalendarSystem, firstWeekday: Int = 1,
         weekRule: WeekRule = .iso8601, layout: Layout = .fitted, today: Day? = nil) throws(CalendarError) {
        let span = try calendar.span(of: month)
        self.span = span
        let lead = (span.first.weekday - firstWeekday + 7) % 7
        var start = span.first.adding(days: -lead)
        var built: [Row] = []
        while start <= span.last || (layout == .sixRows && built.count < 6) {
            let cells = (0..<7).map { offset -> Cell in
                let day = start.adding(days: offset)
                return Cell(day: day, dayOfMonth: calendar.date(of: day).day,
                            isInMonth: span.contains(day), isToday: day == today)
            }
            built.append(Row(weekNumber: MonthGrid.isoWeek(of: start.adding(days: (9 - start.weekday) % 7)),
                            cells: cells))
            start = start.adding(days: 7)
        }
        self.rows = built
    }

    /// ISO week of a Monday-or-later day (stand-in: rows counted by their Thursday).
    private static func isoWeek(of monday: Day) -> Int {
        let thursday = monday.adding(days: 3)
        let jan1 = Day(dayNumber: GregorianMath.dayNumber(year: thursday.year, month: 1, day: 1))
        return jan1.distance(to: thursday) / 7 + 1
    }
}

struct IncludeDaysPolicy: DayPolicy {
    enum Kind: Sendable { case all, weekdays, weekends }
    let kind: Kind
    let weekendDays: Set<Int>
    var name: String { "include" }
    init(_ kind: Kind, weekendDays: Set<Int> = [1, 7]) { self.kind = kind; self.weekendDays = weekendDays }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        switch kind {
        case .all: return .allowed
        case .weekdays: return weekendDays.contains(day.weekday) ? .denied(reason: "weekend") : .allowed
        case .weekends: return weekendDays.contains(day.weekday) ? .allowed : .denied(reason: "weekday")
        }
    }
}

struct BoundsPolicy: DayPolicy {
    let min: Day?
    let max: Day?
    var name: String { "bounds" }
    init(min: Day?, max: Day?) { self.min = min; self.max = max }
    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        if let min, day < min { return .denied(reason: "before \(min.iso)") }
        if let max, day > max { return .denied(reason: "after \(max.iso)") }
        return .allowed
    }
}
