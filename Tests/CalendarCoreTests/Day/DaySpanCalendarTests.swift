import Testing
@testable import CalendarCore

@Suite struct DaySpanCalendarTests {
    @Test func namedSpans() throws {
        #expect(DaySpan.from(try day("2026-03-10"), to: try day("2026-03-01")).count == 10)
        #expect(try DaySpan.month(year: 2026, month: 2).last == (try day("2026-02-28")))
        #expect(try DaySpan.year(2000).count == 366)
        #expect(try DaySpan.year(1900).count == 365)
        #expect(throws: CalendarError.self) { try DaySpan.month(year: 2026, month: 13) }
    }

    @Test func intersection() throws {
        let march = try DaySpan.month(year: 2026, month: 3)
        let span = DaySpan(try day("2026-02-20"), try day("2026-03-05"))
        #expect(march.intersection(span) == DaySpan(try day("2026-03-01"), try day("2026-03-05")))
        #expect(march.intersection(try DaySpan.month(year: 2026, month: 4)) == nil)
    }
}
