import Testing
@testable import CalendarCore

@Suite struct CalendarMonthIdentifierTests {
    @Test func identifierIsWhatParseTakesBack() throws {
        for (text, calendar) in [("2026-12", CalendarIdentifier.gregorian), ("0026-02", .gregorian),
                                 ("5784-06L", .hebrew), ("5784-07", .hebrew), ("2023-02L", .chinese),
                                 ("1448-06", .islamicUmmAlQura), ("0:1-05", .republicOfChina), ("1989-01", .japanese)] {
            let system = CalendarSystems.system(for: calendar)
            let month = try CalendarMonth.parse(text, calendar: calendar)
            #expect(try month.identifier(in: system) == text, "\(text) in \(calendar)")
        }
    }

    @Test func yearsHaveFourDigitsAndASign() {
        #expect(CalendarMonth.yearText(7) == "0007")
        #expect(CalendarMonth.yearText(-44) == "-0044")
        #expect(CalendarMonth.yearText(12345) == "12345")
    }
}
