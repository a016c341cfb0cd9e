import CalendarCore
import Testing
@testable import PolicyEngine

/// The C date helpers (`cal.dayNumber`, `cal.fromDayNumber`, `cal.isoOfDayNumber` and the day
/// view's `year`/`month`/`day`/`weekday`, all computed in C for speed) agree with CalendarCore's
/// `GregorianMath`, the Swift home of Gregorian arithmetic: every day of 1899...2101 and the
/// month and year edges of every year 1...9999.
@Suite struct NativeDateHelperTests {
    static let source = """
        return {
            canSelect = function(day)
                local n = day.dayNumber
                local y, m, d = cal.fromDayNumber(n)
                return false, string.format("%d %d %d %d %d %d %d %d %s %d", n, day.year, day.month, day.day,
                    day.weekday, y, m, d, cal.isoOfDayNumber(n), cal.dayNumber(day.year, day.month, day.day))
            end,
        }
        """

    static func days() -> [Day] {
        var numbers: [Int] = []
        let first = GregorianMath.dayNumber(year: 1899, month: 1, day: 1)
        let last = GregorianMath.dayNumber(year: 2101, month: 12, day: 31)
        numbers += Array(first...last)
        for year in 1...9999 where !(1899...2101).contains(year) {
            for (month, day) in [(1, 1), (2, 28), (3, 1), (12, 31)] {
                numbers.append(GregorianMath.dayNumber(year: year, month: month, day: day))
            }
            if GregorianMath.isLeapYear(year) { numbers.append(GregorianMath.dayNumber(year: year, month: 2, day: 29)) }
        }
        return numbers.map { Day(dayNumber: $0) }
    }

    @Test func theCHelpersAgreeWithGregorianMath() throws {
        let policy = try LuaPolicy(path: "dates.lua", source: Array(Self.source.utf8))
        let days = Self.days()
        var mismatches: [String] = []
        var start = 0
        while start < days.count {
            let batch = Array(days[start..<min(start + 2048, days.count)])
            start += batch.count
            let answers = policy.answers(Array(repeating: DayQuestions(canSelect: true, canDeselect: false,
                                                                       decoration: false), count: batch.count),
                                         for: batch, context: PolicyContext())
            if let failure = answers.failure { throw failure }
            #expect(answers.answers.count == batch.count)
            for (day, answer) in zip(batch, answers.answers) {
                let n = day.dayNumber
                let (y, m, d) = GregorianMath.civil(from: n)
                let expected = "\(n) \(y) \(m) \(d) \(GregorianMath.weekday(of: n)) \(y) \(m) \(d) \(day.iso) \(n)"
                let got = answer.select.reason ?? "allowed"
                if got != expected, mismatches.count < 10 { mismatches.append("expected '\(expected)', got '\(got)'") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(days.count > 100_000)
    }
}
