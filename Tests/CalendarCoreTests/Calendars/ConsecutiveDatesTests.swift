import Testing
@testable import CalendarCore

/// `ConsecutiveDates` advances a Gregorian date by a day without the civil conversion up to the
/// last of each month; every date must still be the calendar's own, however the days come.
@Suite struct ConsecutiveDatesTests {
    /// Every day of eight years (leap and century years, both ends of the range), in order.
    @Test func consecutiveDaysAreTheCalendarsDates() throws {
        let system = GregorianCalendarSystem()
        for first in ["0001-01-01", "1899-12-01", "1900-01-01", "2000-01-01", "2023-12-31", "9998-01-01"] {
            var dates = ConsecutiveDates(system)
            let start = try Day(iso: first)
            for offset in 0..<(366 * 2) {
                let day = start.adding(days: offset)
                guard day <= Day.supportedRange.upperBound else { break }
                #expect(dates.date(of: day) == system.date(of: day), "\(day.iso)")
            }
        }
    }

    /// Days out of order, repeated, or a day back after a month's last: each is converted again.
    @Test func daysOutOfOrderAreConvertedAgain() throws {
        let system = GregorianCalendarSystem()
        var dates = ConsecutiveDates(system)
        for iso in ["2024-02-28", "2024-02-29", "2024-02-29", "2024-02-28", "2024-03-01", "2023-02-28", "2023-03-01",
                    "2024-01-31", "2024-02-01", "2024-12-31", "2025-01-01", "2025-01-03"] {
            let day = try Day(iso: iso)
            #expect(dates.date(of: day) == system.date(of: day), "\(iso)")
        }
    }

    /// Another calendar is converted day by day (its months are not the Gregorian ones).
    @Test func anotherCalendarsDatesAreItsOwn() throws {
        let system = CalendarSystems.system(for: .hebrew)
        var dates = ConsecutiveDates(system)
        let start = try Day(iso: "2026-08-20")
        for offset in 0..<120 {
            let day = start.adding(days: offset)
            #expect(dates.date(of: day) == system.date(of: day), "\(day.iso)")
        }
    }
}
