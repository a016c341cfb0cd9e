/// A month laid out in rows of seven days, as a calendar view shows it.
///
/// Built from the calendar system's `span(of:)` and integer day numbers only, so
/// one Gregorian grid costs well under a microsecond and no time zone can shift a
/// cell. Days of the adjacent months fill the first and last rows and are marked
/// as outside the month; `today` is injected, never read from a clock.
public struct MonthGrid: Hashable, Sendable {
    /// `fitted` uses as many rows as the month needs (4...6 for Gregorian months);
    /// `sixRows` always shows six, so a view's height never jumps between months.
    public enum Layout: String, Hashable, Sendable, CaseIterable, Codable {
        case fitted
        case sixRows
    }

    public struct Cell: Hashable, Sendable {
        public var day: Day
        /// Day of the month in the grid's calendar system (for outside cells, in
        /// their own month).
        public var dayOfMonth: Int
        public var isInMonth: Bool
        public var isToday: Bool

        public init(day: Day, dayOfMonth: Int, isInMonth: Bool, isToday: Bool) {
            self.day = day
            self.dayOfMonth = dayOfMonth
            self.isInMonth = isInMonth
            self.isToday = isToday
        }
    }

    public struct Row: Hashable, Sendable {
        /// The week (by the grid's rule) that holds most of the row's days.
        public var weekNumber: Int
        /// Always seven cells, starting on the grid's first weekday.
        public var cells: [Cell]

        public init(weekNumber: Int, cells: [Cell]) {
            self.weekNumber = weekNumber
            self.cells = cells
        }

        public var span: DaySpan { DaySpan(cells[0].day, cells[cells.count - 1].day) }
    }

    public let month: CalendarMonth
    public let calendar: CalendarIdentifier
    /// The month's own days.
    public let span: DaySpan
    /// 1 = Sunday … 7 = Saturday; the weekday of every row's first cell.
    public let firstWeekday: Int
    public let weekRule: WeekRule
    public let layout: Layout
    public let today: Day?
    public let rows: [Row]

    /// - Parameter firstWeekday: values outside 1...7 wrap around (8 is Sunday).
    /// - Throws: the calendar's error when the month does not exist in it.
    public init(month: CalendarMonth, calendar: any CalendarSystem, firstWeekday: Int = 1,
                weekRule: WeekRule = .iso8601, layout: Layout = .fitted, today: Day? = nil) throws(CalendarError) {
        let span = try calendar.span(of: month)
        let first = Weekdays.normalized(firstWeekday)
        let lead = Weekdays.offset(of: span.first, firstWeekday: first)
        let needed = (lead + span.count + 6) / 7
        let rowCount = layout == .sixRows ? Swift.max(6, needed) : needed
        let trail = rowCount * 7 - lead - span.count

        let previous = lead > 0 ? MonthGrid.adjacentSpan(before: span, in: calendar) : nil
        let next = trail > 0 ? MonthGrid.adjacentSpan(after: span, in: calendar) : nil

        let start = span.first.dayNumber - lead
        let todayNumber = today?.dayNumber ?? Int.min
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for r in 0..<rowCount {
            var cells: [Cell] = []
            cells.reserveCapacity(7)
            let rowStart = start + r * 7
            for c in 0..<7 {
                let n = rowStart + c
                let day = Day(dayNumber: n)
                let dayOfMonth: Int
                let inMonth: Bool
                if n < span.first.dayNumber {
                    inMonth = false
                    dayOfMonth = MonthGrid.dayOfMonth(day, knownSpan: previous, calendar: calendar)
                } else if n > span.last.dayNumber {
                    inMonth = false
                    dayOfMonth = MonthGrid.dayOfMonth(day, knownSpan: next, calendar: calendar)
                } else {
                    inMonth = true
                    dayOfMonth = n - span.first.dayNumber + 1
                }
                cells.append(Cell(day: day, dayOfMonth: dayOfMonth, isInMonth: inMonth, isToday: n == todayNumber))
            }
            rows.append(Row(weekNumber: weekRule.weekNumber(of: Day(dayNumber: rowStart + 3)), cells: cells))
        }

        self.month = month
        self.calendar = calendar.identifier
        self.span = span
        self.firstWeekday = first
        self.weekRule = weekRule
        self.layout = layout
        self.today = today
        self.rows = rows
    }

    /// Every cell, row by row.
    public var cells: [Cell] { rows.flatMap(\.cells) }

    /// From the first row's first day to the last row's last day.
    public var visibleSpan: DaySpan {
        DaySpan(rows[0].cells[0].day, rows[rows.count - 1].cells[6].day)
    }

    /// The cell showing `day`, if the grid shows it.
    public func cell(for day: Day) -> Cell? {
        let index = visibleSpan.first.distance(to: day)
        guard index >= 0, index < rows.count * 7 else { return nil }
        return rows[index / 7].cells[index % 7]
    }

    /// The span of the month before the one ending just before `span`, when the
    /// calendar can name it (not before its first supported year).
    static func adjacentSpan(before span: DaySpan, in calendar: any CalendarSystem) -> DaySpan? {
        try? calendar.span(of: calendar.date(of: span.first.adding(days: -1)).month)
    }

    static func adjacentSpan(after span: DaySpan, in calendar: any CalendarSystem) -> DaySpan? {
        try? calendar.span(of: calendar.date(of: span.last.adding(days: 1)).month)
    }

    /// Day of month of an outside cell: integer arithmetic inside the adjacent
    /// month, and the calendar's own answer past it (short months such as the
    /// Coptic epagomenal days can be shorter than a row).
    @inline(__always)
    static func dayOfMonth(_ day: Day, knownSpan: DaySpan?, calendar: any CalendarSystem) -> Int {
        if let known = knownSpan, known.contains(day) { return known.first.distance(to: day) + 1 }
        return calendar.date(of: day).day
    }
}
