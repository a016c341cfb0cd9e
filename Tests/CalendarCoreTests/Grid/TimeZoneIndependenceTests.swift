import Foundation
import Testing
@testable import CalendarCore

/// Grids, weeks and names must not depend on the machine's time zone: a `Day` is
/// a civil date, and MonthGrid has no time-zone input at all. These tests change
/// `TZ` in-process (serialized, restored afterwards) and rebuild everything in
/// months with DST transitions, including Samoa's skipped 2011-12-30.
@Suite(.serialized) struct TimeZoneIndependenceTests {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham",
                        "America/Sao_Paulo", "Asia/Tehran", "Pacific/Apia", "America/St_Johns"]
    static let months: [(Int, Int)] = [(2026, 3), (2026, 4), (2026, 10), (2026, 11), (2011, 12), (2011, 3), (2024, 9)]

    struct Snapshot: Equatable {
        var grids: [MonthGrid]
        var weeks: [Int]
        var names: [String]
        var firstWeekdays: [Int]
    }

    static func snapshot() throws -> Snapshot {
        var grids: [MonthGrid] = []
        for (year, month) in months {
            for first in [1, 2, 7] {
                for layout in MonthGrid.Layout.allCases {
                    grids.append(try MonthGrid(month: CalendarMonth(year: year, month: month),
                                               calendar: GregorianCalendarSystem(), firstWeekday: first,
                                               layout: layout, today: try Day(iso: "2026-03-29")))
                }
            }
        }
        let weeks = try ["2026-03-08", "2026-03-29", "2026-10-25", "2026-11-01", "2011-12-30"].map {
            WeekRule.iso8601.weekNumber(of: try Day(iso: $0))
        }
        // Uncached formatting, so each zone really formats again.
        let names = months.map {
            LocaleInfoCache.formatMonth(CalendarMonth(year: $0.0, month: $0.1), calendar: .gregorian,
                                        style: .full, locale: "en_US")
        }
        let firstWeekdays = ["en_US", "de_DE", "ar_EG"].map { id -> Int in
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: id)
            return calendar.firstWeekday
        }
        return Snapshot(grids: grids, weeks: weeks, names: names, firstWeekdays: firstWeekdays)
    }

    /// Runs `body` with the C library and Foundation both in `zone` (Foundation
    /// caches the system zone, so it is reset on the way in and out).
    static func withTZ<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        tzset()
        NSTimeZone.resetSystemTimeZone()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
        return try body()
    }

    @Test func gridsWeeksAndNamesAreTheSameInEveryZone() throws {
        let reference = try Self.withTZ("UTC") { try Self.snapshot() }
        for zone in Self.zones {
            let (snapshot, effective) = try Self.withTZ(zone) { (try Self.snapshot(), TimeZone.current.identifier) }
            #expect(effective == TimeZone(identifier: zone)?.identifier, "the zone did not take effect")
            #expect(snapshot == reference, "TZ=\(zone)")
        }
        #expect(reference.names.first == "March")
    }

    /// Pacific/Apia skipped 2011-12-30 when Samoa crossed the date line; a civil
    /// grid still shows it, between the 29th and the 31st.
    @Test func samoasSkippedDayIsStillAGridCell() throws {
        let grid = try Self.withTZ("Pacific/Apia") {
            try MonthGrid(month: CalendarMonth(year: 2011, month: 12), calendar: GregorianCalendarSystem())
        }
        let days = grid.cells.filter(\.isInMonth).map(\.dayOfMonth)
        #expect(days == Array(1...31))
        #expect(grid.cell(for: try Day(iso: "2011-12-30"))?.day.weekday == 6)
    }
}
