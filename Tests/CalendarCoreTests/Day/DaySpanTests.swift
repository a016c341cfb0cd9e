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
}
