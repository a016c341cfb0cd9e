import Testing
@testable import CalendarCore

/// `appendISO(to:)` (through `writeISO(to:)`) writes the bytes of `iso`, in the supported range (ten
/// bytes, written digit by digit) and outside it (a sign or a longer year).
@Suite struct DayISOBytesTests {
    private func appended(_ day: Day) -> String {
        var out: [UInt8] = [0x41]
        day.appendISO(to: &out)
        #expect(out.first == 0x41)
        return String(decoding: out.dropFirst(), as: UTF8.self)
    }

    @Test func everyFirstAndLastOfAMonthIsWrittenAsISO() throws {
        for year in [1, 9, 10, 99, 100, 999, 1000, 1582, 1900, 1970, 2000, 2024, 2026, 9999] {
            for month in 1...12 {
                let first = try Day(year: year, month: month, day: 1)
                let last = try Day(year: year, month: month, day: GregorianMath.daysInMonth(year: year, month: month))
                #expect(appended(first) == first.iso)
                #expect(appended(last) == last.iso)
            }
        }
    }

    @Test func daysAcrossTheSupportedRangeAreWrittenAsISO() {
        let range = Day.supportedRange
        for number in stride(from: range.lowerBound.dayNumber, through: range.upperBound.dayNumber, by: 997) {
            let day = Day(dayNumber: number)
            #expect(appended(day) == day.iso)
        }
    }

    @Test func daysOutsideTheSupportedRangeAreWrittenAsISO() {
        let first = Day.supportedRange.lowerBound.dayNumber, last = Day.supportedRange.upperBound.dayNumber
        for number in [first - 1, first - 366, first - 1_000_000, first - 1_000_000_000, last + 1, last + 1_000_000,
                       last + 1_000_000_000] {
            let day = Day(dayNumber: number)
            #expect(appended(day) == day.iso, "\(number)")
            #expect(day.iso.utf8.count <= Day.isoMaxByteCount)
        }
    }
}
