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

    public struct Cell: Hashable, Sendable, Codable {
        public var day: Day
        /// Day of the month in the grid's calendar system (for outside cells, in
        /// their own month).
        public var dayOfMonth: Int
        public var isInMonth: Bool
        public var isToday: Bool
    }

    public struct Row: Hashable, Sendable, Codable {
        /// The week (by the grid's rule) that holds most of the row's days.
        public var weekNumber: Int
        /// Always seven cells, starting on the grid's first weekday.
        public var cells: [Cell]

        /// First to last day of the row; nil only for a hand-made row without cells.
        public var span: DaySpan? {
            guard let first = cells.first, let last = cells.last else { return nil }
            return DaySpan(first.day, last.day)
        }
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
    /// Every cell, row by row (seven per row); stored flat so a grid costs two
    /// allocations rather than one per row.
    public let cells: [Cell]
    /// One week number per row.
    public let weekNumbers: [Int]

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
        // 1, except in a Japanese month whose era begins after the 1st (Heisei 1 January
        // starts on the 8th): day numbers stay Gregorian there.
        let firstDayOfMonth = calendar.date(of: span.first).day
        let todayNumber = today?.dayNumber ?? Int.min
        var cells: [Cell] = []
        cells.reserveCapacity(rowCount * 7)
        var weekNumbers: [Int] = []
        weekNumbers.reserveCapacity(rowCount)
        // Rows are consecutive weeks, so only the first row's week is looked up;
        // the rest count on, wrapping after the week-year's last week.
        let firstWeek = weekRule.week(of: Day(dayNumber: start + 3))
        var week = firstWeek.week
        let weeksInFirstYear = weekRule.weeksInYear(firstWeek.yearForWeek)
        for r in 0..<rowCount {
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
                    dayOfMonth = n - span.first.dayNumber + firstDayOfMonth
                }
                cells.append(Cell(day: day, dayOfMonth: dayOfMonth, isInMonth: inMonth, isToday: n == todayNumber))
            }
            weekNumbers.append(week)
            week = week == weeksInFirstYear ? 1 : week + 1
        }

        self.month = month
        self.calendar = calendar.identifier
        self.span = span
        self.firstWeekday = first
        self.weekRule = weekRule
        self.layout = layout
        self.today = today
        self.cells = cells
        self.weekNumbers = weekNumbers
    }

    /// The rows, each with its seven cells and week number.
    public var rows: [Row] {
        weekNumbers.indices.map { Row(weekNumber: weekNumbers[$0], cells: Array(cells[$0 * 7..<$0 * 7 + 7])) }
    }

    public var rowCount: Int { weekNumbers.count }

    /// From the first row's first day to the last row's last day.
    public var visibleSpan: DaySpan {
        DaySpan(cells[0].day, cells[cells.count - 1].day)
    }

    /// The cell showing `day`, if the grid shows it.
    public func cell(for day: Day) -> Cell? {
        let index = cells[0].day.distance(to: day)
        guard index >= 0, index < cells.count else { return nil }
        return cells[index]
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
        if let known = knownSpan, known.contains(day) {
            return known.first.distance(to: day) + calendar.date(of: known.first).day
        }
        return calendar.date(of: day).day
    }
}
