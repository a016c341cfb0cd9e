import CalendarCore
import Foundation
import Testing

/// Random months in every calendar the registry knows: a grid's rows, cells and the month's own days
/// must tell one consistent story.
@Suite struct GridPropertyTests {
    static let low = Day.supportedRange.lowerBound.dayNumber + 400
    static let high = Day.supportedRange.upperBound.dayNumber - 400

    @Test(arguments: CalendarIdentifier.allCases)
    func gridCellsAndMonthSpanAgree(identifier: CalendarIdentifier) throws {
        let calendar = CalendarSystems.system(for: identifier)
        var rng = SeededGenerator(seed: 0xCA1E_0000 &+ UInt64(CalendarIdentifier.allCases.firstIndex(of: identifier) ?? 0))
        var built = 0
        for _ in 0..<300 {
            let day = Day(dayNumber: Int.random(in: Self.low...Self.high, using: &rng))
            let month = calendar.date(of: day).month
            let firstWeekday = Int.random(in: 1...7, using: &rng)
            let layout: MonthGrid.Layout = Bool.random(using: &rng) ? .fitted : .sixRows
            guard let grid = try? MonthGrid(month: month, calendar: calendar, firstWeekday: firstWeekday,
                                            layout: layout, today: day)
            else { continue }  // a month the calendar does not support; the count below keeps this honest
            built += 1
            let where_ = "\(identifier.rawValue) \(month) from \(day.iso), first weekday \(firstWeekday)"
            let cells = grid.cells
            #expect(grid.rows.allSatisfy { $0.cells.count == 7 }, "\(where_): a row without seven cells")
            #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.day.adding(days: 1) == $1.day },
                    "\(where_): cells are not consecutive days")
            #expect(grid.rows.allSatisfy { $0.cells[0].day.weekday == firstWeekday }, "\(where_): row starts wrong")
            let inMonth = cells.filter(\.isInMonth).map(\.day)
            #expect(inMonth == Array(grid.span), "\(where_): in-month cells are not the month's span")
            for cell in cells {
                let date = calendar.date(of: cell.day)
                #expect(date.day == cell.dayOfMonth,
                        "\(where_): \(cell.day.iso) shows \(cell.dayOfMonth), calendar says \(date.day)")
                #expect((date.month == month) == cell.isInMonth, "\(where_): \(cell.day.iso) is misplaced in or out of the month")
                #expect(cell.isToday == (cell.day == day), "\(where_): today marks \(cell.day.iso)")
            }
            #expect(grid.span.contains(day), "\(where_): the month does not hold the day it was made from")
            #expect(grid.rows[0].cells.contains { $0.day == grid.span.first }, "\(where_): first day not in row 1")
            let lead = grid.rows[0].cells[0].day.distance(to: grid.span.first)
            let rowsNeeded = (lead + grid.span.count + 6) / 7
            #expect(grid.rows.count == (layout == .fitted ? rowsNeeded : max(6, rowsNeeded)),
                    "\(where_): \(grid.rows.count) rows for a month needing \(rowsNeeded)")
            if let after = try? calendar.month(after: month), let next = try? calendar.span(of: after) {
                #expect(next.first == grid.span.last.adding(days: 1), "\(where_): the next month does not follow on")
            }
        }
        #expect(built > 250, "\(identifier.rawValue): only \(built) of 300 random months could be built")
    }

    @Test func isoWeekNumbersMatchFoundation() throws {
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = TimeZone(identifier: "UTC") ?? iso.timeZone
        var rng = SeededGenerator(seed: 53)
        // Foundation switches to the Julian calendar before October 1582; compare where both are Gregorian.
        let from = try Day(year: 1600, month: 1, day: 1).dayNumber
        for _ in 0..<400 {
            let day = Day(dayNumber: Int.random(in: from...Self.high, using: &rng))
            let month = GregorianCalendarSystem().date(of: day).month
            let grid = try MonthGrid(month: month, calendar: GregorianCalendarSystem(), firstWeekday: 2)
            for row in grid.rows {
                let monday = row.cells[0].day
                let date = Date(timeIntervalSince1970: Double(monday.dayNumber) * 86_400)
                let expected = iso.component(.weekOfYear, from: date)
                #expect(row.weekNumber == expected, "\(monday.iso): week \(row.weekNumber), Foundation says \(expected)")
            }
        }
    }

    @Test func randomSpansCountContainAndIterateConsistently() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let a = Day(dayNumber: Int.random(in: Self.low...Self.high, using: &rng))
            let b = a.adding(days: Int.random(in: -800...800, using: &rng))
            let span = DaySpan(a, b)
            #expect(span == DaySpan(b, a))
            #expect(span.count == abs(a.distance(to: b)) + 1)
            let days = Array(span)
            #expect(days.count == span.count && days.first == span.first && days.last == span.last)
            let probe = a.adding(days: Int.random(in: -900...900, using: &rng))
            #expect(span.contains(probe) == (min(a, b) <= probe && probe <= max(a, b)), "\(span) vs \(probe.iso)")
            #expect((try? Day(iso: a.iso)) == a)
        }
    }

    @Test func weekPeriodsHoldSevenDaysFromTheFirstWeekday() throws {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<1_000 {
            let day = Day(dayNumber: Int.random(in: Self.low...Self.high, using: &rng))
            let firstWeekday = Int.random(in: 1...7, using: &rng)
            let week = try Period(.week, containing: day, firstWeekday: firstWeekday)
            #expect(week.span.count == 7 && week.contains(day) && week.first.weekday == firstWeekday,
                    "\(day.iso) first weekday \(firstWeekday): \(week.span)")
            #expect(try week.next().first == week.last.adding(days: 1))
        }
    }
}
