import Foundation

/// Japanese era boundaries as day numbers, numbered as Foundation numbers its eras
/// (0 = Taika, 645 … 236 = Reiwa, 2019).
///
/// The five modern eras are written out (checked against Foundation in the tests);
/// the 232 earlier ones are read from Foundation the first time a day before
/// Meiji is asked for, by bisecting each boundary once.
enum JapaneseEras {
    struct Era: Sendable, Hashable {
        let number: Int
        let start: Int
        /// Proleptic Gregorian year of `start`; year 1 of the era.
        let firstYear: Int
    }

    static let names: [Int: String] = [232: "meiji", 233: "taisho", 234: "showa", 235: "heisei", 236: "reiwa"]

    static let modern: [Era] = [
        era(232, 1868, 9, 8), era(233, 1912, 7, 30), era(234, 1926, 12, 25),
        era(235, 1989, 1, 8), era(236, 2019, 5, 1),
    ]

    /// Taika begins here; earlier days belong to era 0 with years ≤ 0, as in Foundation.
    static let taikaFirstYear = 645

    static var latest: Era { modern[modern.count - 1] }

    static func era(_ number: Int, _ y: Int, _ m: Int, _ d: Int) -> Era {
        Era(number: number, start: GregorianMath.dayNumber(year: y, month: m, day: d), firstYear: y)
    }

    /// Every era 0...236, in order; built from Foundation on first use.
    static let all: [Era] = {
        var calendar = Calendar(identifier: .japanese)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        func foundationEra(_ dayNumber: Int) -> Int {
            calendar.component(.era, from: FoundationLunarRules.instant(dayNumber))
        }
        var eras: [Era] = []
        var low = GregorianMath.dayNumber(year: 645, month: 1, day: 1)
        let high = modern[0].start
        eras.append(Era(number: 0, start: low, firstYear: taikaFirstYear))
        for number in 1..<modern[0].number {
            var lo = low
            var hi = high
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                if foundationEra(mid) >= number { hi = mid } else { lo = mid + 1 }
            }
            eras.append(Era(number: number, start: lo, firstYear: GregorianMath.civil(from: lo).year))
            low = lo
        }
        return eras + modern
    }()

    /// The eras to search for a day: the short modern list when it suffices.
    static func table(for dayNumber: Int) -> [Era] {
        dayNumber >= modern[0].start ? modern : all
    }

    static func era(numbered number: Int) -> Era? {
        if let found = modern.first(where: { $0.number == number }) { return found }
        guard (0..<modern[0].number).contains(number) else { return nil }
        return all.first { $0.number == number }
    }

    /// The first day after `era`, if a later era exists.
    static func end(of era: Era) -> Int? {
        let list = era.number >= modern[0].number ? modern : all
        guard let index = list.firstIndex(of: era), index + 1 < list.count else { return nil }
        return list[index + 1].start - 1
    }
}
