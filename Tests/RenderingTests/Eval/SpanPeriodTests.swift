import CalendarCore
import Testing
@testable import Rendering

@Suite struct SpanPeriodTests {
    private let gregorian = GregorianCalendarSystem()

    @Test func aCustomSpanStepsByItsOwnLength() throws {
        let days = DaySpan(try Day(iso: "2026-12-30"), try Day(iso: "2027-01-02"))
        let period = SpanPeriod(ResolvedSpan(months: [], days: days), system: gregorian)
        #expect(period.kind == "custom")
        #expect(period.id == "2026-12-30/2027-01-02")
        #expect(period.previous == "2026-12-26/2026-12-29")
        #expect(period.next == "2027-01-03/2027-01-06")
    }

    @Test func yearsAndMonthsAtTheEdgeOfTheSupportedDaysHaveNoNeighbourBeyond() throws {
        let first = DaySpan(try Day(iso: "0001-01-01"), try Day(iso: "0001-12-31"))
        let year = SpanPeriod(ResolvedSpan(months: [], days: first, kind: .year(era: nil, year: 1, gregorian: false)),
                              system: gregorian)
        #expect(year.id == "0001")
        #expect(year.previous == nil)
        #expect(year.next == "0002")
        let january = SpanPeriod(ResolvedSpan(months: [], days: DaySpan(first.first, try Day(iso: "0001-01-31")),
                                              kind: .month(CalendarMonth(era: 1, year: 1, month: 1))),
                                 system: gregorian)
        #expect(january.previous == nil)
        #expect(january.next == "0001-02")
    }

    @Test func jsonHasTheDocumentedKeysInOrder() throws {
        let days = DaySpan(try Day(iso: "2026-12-01"), try Day(iso: "2026-12-31"))
        let period = SpanPeriod(ResolvedSpan(months: [], days: days, kind: .month(CalendarMonth(era: 1, year: 2026, month: 12))),
                                system: gregorian)
        guard case .object(let pairs) = period.json else {
            Issue.record("not an object")
            return
        }
        #expect(pairs.map(\.0) == ["kind", "id", "first", "last", "previous", "next"])
        #expect(period.previous == "2026-11" && period.next == "2027-01")
    }
}
