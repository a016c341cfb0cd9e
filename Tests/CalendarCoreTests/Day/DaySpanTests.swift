import Foundation
import Testing
@testable import CalendarCore

@Suite struct DaySpanTests {
    @Test func endsAreOrdered() throws {
        let span = DaySpan(try day("2026-03-10"), try day("2026-03-01"))
        #expect(span.first == (try day("2026-03-01")))
        #expect(span.count == 10)
        #expect(Array(span).count == 10)
    }

    @Test func codableRoundTripsAndReordersDecodedEnds() throws {
        let span = DaySpan(try day("2026-03-01"), try day("2026-03-10"))
        let data = try JSONEncoder().encode(span)
        #expect(try JSONDecoder().decode(DaySpan.self, from: data) == span)
        let reversed = Data(#"{"first":"2026-03-10","last":"2026-03-01"}"#.utf8)
        let decoded = try JSONDecoder().decode(DaySpan.self, from: reversed)
        #expect(decoded == span)
        #expect(Array(decoded).count == 10)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DaySpan.self, from: Data(#"{"first":"2026-02-30","last":"2026-03-01"}"#.utf8))
        }
    }

    @Test func runsCutTheSpanInOrderIntoPiecesOfAtMostTheSize() throws {
        let span = DaySpan(try Day(iso: "2026-12-30"), try Day(iso: "2027-01-05"))
        #expect(span.runs(of: 3).map(\.count) == [3, 3, 1])
        #expect(span.runs(of: 3).flatMap { Array($0) } == Array(span))
        #expect(span.runs(of: 7) == [span] && span.runs(of: 100) == [span])
        #expect(span.runs(of: 0).count == 7, "a size under one is one")
        let one = DaySpan(span.first, span.first)
        #expect(one.runs(of: 5) == [one])
    }
}
