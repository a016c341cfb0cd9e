import Foundation
import Testing
@testable import CalendarCore

/// Writes what CalendarCore computes for a wide sample of Gregorian years, so an
/// independent reference (Python's `calendar`/`datetime` and Debian's `ncal`, see
/// scripts/oracles/gregorian.py) can check it line by line. Without the output
/// variable the same data is built for a smaller sample and checked for internal
/// consistency instead.
@Suite struct GregorianOracleDump {
    static let outputVariable = "CALPOLICY_ORACLE_OUT"

    /// Years whose every month is dumped as grids for every first weekday and layout.
    static func gridYears(full: Bool) -> [Int] {
        var years: Set<Int> = [1, 2, 4, 100, 400, 1582, 1600, 1700, 1752, 1800, 1900, 2100, 2400, 9999]
        years.formUnion(1999...2030)
        if full { years.formUnion(stride(from: 1, through: 9999, by: 37)) }
        return years.sorted()
    }

    static func yearLines(_ years: ClosedRange<Int>) throws -> [String] {
        try years.map { year in
            let jan1 = try Day(year: year, month: 1, day: 1)
            let lengths = try (1...12).map { try DaySpan.month(year: year, month: $0).count }
            let weeks = WeekRule.iso8601.weeksInYear(year)
            return "year \(year) \(jan1.weekday) \(lengths.map(String.init).joined(separator: ",")) \(weeks)"
        }
    }

    static func gridLines(years: [Int]) throws -> [String] {
        var lines: [String] = []
        let calendar = GregorianCalendarSystem()
        for year in years {
            for month in 1...12 {
                for first in 1...7 {
                    for layout in MonthGrid.Layout.allCases {
                        let grid = try MonthGrid(month: CalendarMonth(year: year, month: month), calendar: calendar,
                                                 firstWeekday: first, weekRule: .iso8601, layout: layout)
                        let rows = grid.rows.map { row in
                            let cells = row.cells.map { ($0.isInMonth ? "" : "~") + String($0.dayOfMonth) }
                            return "\(row.cells[0].day.iso)|\(row.weekNumber)|" + cells.joined(separator: " ")
                        }
                        lines.append("grid \(year) \(month) \(first) \(layout.rawValue) " + rows.joined(separator: ";"))
                    }
                }
            }
        }
        return lines
    }

    /// Week numbers of the days around each new year, where the rules differ.
    static func weekLines(_ years: ClosedRange<Int>) throws -> [String] {
        let rules: [(String, WeekRule)] = [
            ("iso", .iso8601),
            ("sun7", .locale(firstWeekday: 1, minimumDaysInFirstWeek: 7)),
            ("mon7", .locale(firstWeekday: 2, minimumDaysInFirstWeek: 7)),
        ]
        var lines: [String] = []
        for year in years {
            let start = try Day(year: year, month: 12, day: 18)
            for day in DaySpan(start, start.adding(days: 27)) {
                for (name, rule) in rules {
                    let week = rule.week(of: day)
                    lines.append("week \(name) \(day.iso) \(week.yearForWeek) \(week.week)")
                }
            }
        }
        return lines
    }

    /// Locale data, formatted afresh in each process: English names are checked
    /// against Python, and every line must come out the same under every TZ.
    static func localeLines() -> [String] {
        let en = LocaleInfo(identifier: "en_US")
        var lines = (1...12).map { month in
            let m = CalendarMonth(year: 2026, month: month)
            return "name en_US \(month) \(en.monthName(m, calendar: .gregorian, style: .full))|"
                + en.monthName(m, calendar: .gregorian, style: .short)
        }
        let full = en.weekdaySymbols(style: .full)
        let short = en.weekdaySymbols(style: .short)
        lines += (0..<7).map { "weekday en_US \($0 + 1) \(full[$0])|\(short[$0])" }
        for id in ["en_US", "en_GB", "de_DE", "fr_FR", "ar_EG", "ru_RU", "ja_JP"] {
            let info = LocaleInfo(identifier: id)
            let march = info.monthName(CalendarMonth(year: 2026, month: 3), calendar: .gregorian)
            lines.append("locale \(id) \(info.firstWeekday) \(info.minimumDaysInFirstWeek) \(march)")
        }
        return lines
    }

    @Test func dumpOrCheckConsistency() throws {
        let output = ProcessInfo.processInfo.environment[Self.outputVariable]
        let full = output != nil
        let years = try Self.yearLines(full ? 1...9999 : 1...2400)
        let grids = try Self.gridLines(years: Self.gridYears(full: full))
        let weeks = try Self.weekLines(full ? 1600...2400 : 1990...2030)
        if let output {
            let text = (years + grids + weeks + Self.localeLines()).joined(separator: "\n") + "\n"
            try text.write(toFile: output, atomically: true, encoding: .utf8)
            return
        }
        // Consecutive years chain: Jan 1 moves by the year's length.
        var previous: (weekday: Int, length: Int)?
        for line in years {
            let fields = line.split(separator: " ")
            let weekday = Int(fields[2]) ?? 0
            let length = fields[3].split(separator: ",").compactMap { Int($0) }.reduce(0, +)
            #expect(length == 365 || length == 366)
            #expect(fields[4] == "52" || fields[4] == "53")
            if let previous { #expect((previous.weekday - 1 + previous.length) % 7 + 1 == weekday, "\(line)") }
            previous = (weekday, length)
        }
        #expect(grids.count == Self.gridYears(full: false).count * 12 * 7 * 2)
        #expect(!weeks.isEmpty)
        #expect(Self.localeLines().count == 12 + 7 + 7)
    }
}
