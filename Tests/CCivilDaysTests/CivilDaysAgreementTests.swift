import CCivilDays
import CalendarCore
import Testing

/// The two homes of Gregorian day arithmetic — CalendarCore's `GregorianMath` (Swift) and
/// CCivilDays (C, under the day views, cal's helpers, cal.ics and recurrence expansion) — give
/// the same answer for every day number within 10,000 years of 1970, both ways.
@Suite struct CivilDaysAgreementTests {
    static let reach = 3_652_425 // 10,000 Gregorian years of days

    @Test func everyDayNumberWithinTenThousandYearsAgrees() {
        var mismatches: [Int] = []
        var y: Int64 = 0
        var m: Int32 = 0
        var d: Int32 = 0
        for n in -Self.reach...Self.reach {
            let swift = GregorianMath.civil(from: n)
            ccd_civil(Int64(n), &y, &m, &d)
            if Int(y) != swift.year || Int(m) != swift.month || Int(d) != swift.day
                || Int(ccd_day_number(y, m, d)) != n
                || GregorianMath.dayNumber(year: swift.year, month: swift.month, day: swift.day) != n {
                mismatches.append(n)
                if mismatches.count > 10 { break }
            }
        }
        #expect(mismatches.isEmpty, "first mismatching day numbers: \(mismatches)")
    }

    @Test func monthLengthsAgreeOverFourCenturiesAndTheEdges() {
        for year in Array(-2001...2401) + [-10000, 9999, 10000] {
            for month in 1...12 {
                #expect(Int(ccd_days_in_month(Int64(year), Int32(month)))
                    == GregorianMath.daysInMonth(year: year, month: month), "\(year)-\(month)")
            }
        }
    }

    @Test func knownDays() {
        #expect(ccd_day_number(1970, 1, 1) == 0)
        #expect(ccd_day_number(2000, 2, 29) == 11_016)
        #expect(ccd_day_number(1, 1, 1) == -719_162)
        #expect(ccd_day_number(9999, 12, 31) == 2_932_896)
    }
}
