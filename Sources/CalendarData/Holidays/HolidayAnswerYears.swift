import CalendarCore
import Foundation

/// One holiday policy's answers, worked out once per year: for each day of a year that has a
/// holiday this policy sees (its categories, its subdivision), the verdict and decoration;
/// every other day has none.
///
/// Why: the country's rows are shared by every policy of that country, so each lookup used to
/// filter a day's rows by category and subdivision and build the reason and label strings
/// again. An evaluation asks about every day of its span; with the answers made once, a day
/// costs a range check and an array read (the per-day target of benchmarks/holidays.sh).
final class HolidayAnswerYears: @unchecked Sendable {
    /// A year's answers: `slots[n - first]` is 0 for a day without a holiday, else the index
    /// (plus one) of its answers.
    private struct Year {
        let first: Int
        let slots: [UInt16]
        let answers: [DayAnswers]

        func answer(_ n: Int) -> DayAnswers? {
            let slot = slots[n - first]
            return slot == 0 ? nil : answers[Int(slot) - 1]
        }
    }

    private let country: HolidayCountry
    private let subdivision: String?
    private let categories: Set<String>
    private let lock = NSLock()
    private var years: [Int: Year] = [:]
    private var recent: Year?

    init(country: HolidayCountry, subdivision: String?, categories: Set<String>) {
        self.country = country
        self.subdivision = subdivision
        self.categories = categories
    }

    /// The answers of day number `n` (nil: no holiday of this policy that day).
    func answer(_ n: Int) throws(HolidayDataError) -> DayAnswers? {
        lock.lock()
        defer { lock.unlock() }
        return try year(holding: n).answer(n)
    }

    /// The answers of each day of `days` that `wanted` keeps and that has a holiday, written into
    /// `answers` at its index through `store`, under one lock: what an evaluation's run asks.
    func answers(_ days: [Day], count: Int, wanted: (Int) -> Bool,
                 store: (Int, DayAnswers) -> Void) throws(HolidayDataError) {
        lock.lock()
        defer { lock.unlock() }
        for index in 0..<count {
            let n = days[index].dayNumber
            guard wanted(n) else { continue }
            if let found = try year(holding: n).answer(n) { store(index, found) }
        }
    }

    /// The year holding `n`, worked out on first use; called under the lock. Consecutive days
    /// mostly fall in the year asked last: no civil date, no dictionary.
    private func year(holding n: Int) throws(HolidayDataError) -> Year {
        if let recent, n >= recent.first, n - recent.first < recent.slots.count { return recent }
        let number = Day(dayNumber: n).year
        let year: Year
        if let known = years[number] {
            year = known
        } else {
            year = try make(number)
            years[number] = year
        }
        recent = year
        return year
    }

    private func make(_ number: Int) throws(HolidayDataError) -> Year {
        let first = GregorianMath.dayNumber(year: number, month: 1, day: 1)
        let next = GregorianMath.dayNumber(year: number + 1, month: 1, day: 1)
        var slots = [UInt16](repeating: 0, count: next - first)
        var answers: [DayAnswers] = []
        for n in first..<next {
            let found = try country.holidays(on: Day(dayNumber: n), subdivision: subdivision, categories: categories)
            if found.isEmpty { continue }
            answers.append(DayAnswers(select: HolidayPolicy.verdict(found), decoration: HolidayPolicy.decoration(found)))
            slots[n - first] = UInt16(answers.count)
        }
        return Year(first: first, slots: slots, answers: answers)
    }
}
