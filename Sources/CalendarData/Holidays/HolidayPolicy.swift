import CalendarCore

/// The holidays of a country, subdivision or market as a policy (`holidays:DE-BE`).
///
/// A holiday denies its day with its name as the reason ("German Unity Day (Tag der Deutschen
/// Einheit)") and decorates it; half days (a close time) and the categories that are not days
/// off (optional, half_day, workday, unofficial) only decorate. A day in a year the data does not
/// cover is denied with that reason, never silently allowed.
///
/// Hours: a market's half days with a documented close time ("13:00") are closed from that time
/// to midnight in the exchange's zone (`MarketZones`), when the reference includes `half_day`;
/// a half day without a time ("early") stays a decoration.
public struct HolidayPolicy: DayPolicy {
    /// Categories whose days stay selectable: they are marked, not days off.
    public static let decorativeCategories: Set<String> = ["half_day", "optional", "optional_women", "workday",
                                                            "unofficial"]

    public let reference: HolidayReference
    public let country: HolidayCountry
    /// The years the data covers; nil when it covers none of the reference's categories (a
    /// reference checks that, a policy built around it does not trap on it).
    public let covered: ClosedRange<Int>?
    private let categorySet: Set<String>
    /// `covered` as day numbers: compared without working out each day's year.
    private let coveredDays: Range<Int>
    /// The answers of this policy's holiday days, made once per year.
    private let years: HolidayAnswerYears

    public var name: String { reference.text }

    /// The zone the reference names (`@ZONE`), else the exchange's, for a market whose close
    /// times are known; its days are closed from local midnight to local midnight there.
    public var zoneName: String? { reference.zoneName ?? marketZone }
    public var zone: ZoneWallTime? { zoneName.flatMap(ZoneDatabase.zone(named:)) }
    private var marketZone: String? { country.isMarket ? MarketZones.zones[country.code] : nil }
    /// Whether its half days close hours: a market with a known zone, asked for half days (and
    /// not moved to another zone by `@ZONE`: its close times are the exchange's wall clock).
    public var definesHours: Bool {
        marketZone != nil && categorySet.contains("half_day") && (reference.zoneName == nil || reference.zoneName == marketZone)
    }

    /// A half day's closing: from its close time to midnight, its name as the reason.
    public func closedHours(for day: Day, context: PolicyContext) throws -> [ClosedHours] {
        guard definesHours, coveredDays.contains(day.dayNumber) else { return [] }
        return try holidays(on: day).compactMap { entry in
            guard let close = entry.close, let minute = MarketZones.closeMinute(close) else { return nil }
            return ClosedHours(from: minute, to: 1440, reason: entry.displayName)
        }
    }

    public init(reference: HolidayReference, country: HolidayCountry) {
        self.reference = reference
        self.country = country
        let covered = country.coverage(subdivision: reference.subdivision, categories: reference.categories)
        self.covered = covered
        categorySet = Set(reference.categories)
        coveredDays = covered.map {
            GregorianMath.dayNumber(year: $0.lowerBound, month: 1, day: 1)
                ..< GregorianMath.dayNumber(year: $0.upperBound + 1, month: 1, day: 1)
        } ?? 0..<0
        years = HolidayAnswerYears(country: country, subdivision: reference.subdivision, categories: categorySet)
    }

    /// The holidays of `day` this policy sees.
    public func holidays(on day: Day) throws(PolicyError) -> [HolidayEntry] {
        do {
            return try country.holidays(on: day, subdivision: reference.subdivision, categories: categorySet)
        } catch {
            throw PolicyError(kind: .io, file: reference.text, day: day, message: error.message)
        }
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard coveredDays.contains(day.dayNumber) else { return uncovered(day) }
        return try made(day)?.select ?? .allowed
    }

    public func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        guard coveredDays.contains(day.dayNumber) else { return nil }
        return try made(day)?.decoration
    }

    /// Both answers from one lookup (an evaluation asks all three questions of every day).
    public func answer(_ questions: DayQuestions, for day: Day, context: PolicyContext) throws -> DayAnswers {
        guard coveredDays.contains(day.dayNumber) else { return DayAnswers(select: questions.canSelect ? uncovered(day) : .allowed) }
        guard let found = try made(day) else { return DayAnswers() }
        return Self.asked(questions, found)
    }

    /// A run of days with one lookup (one lock) for all of it, as an evaluation asks: a day
    /// without a holiday, most days, costs a range check and an array read.
    public func answers(_ questions: [DayQuestions], for days: [Day], context: PolicyContext) -> DayAnswerBatch {
        let count = min(questions.count, days.count)
        var answers = DayAnswers.empty(count: count)
        let covered = coveredDays
        do {
            try years.answers(days, count: count, wanted: { covered.contains($0) }) { index, found in
                answers[index] = Self.asked(questions[index], found)
            }
        } catch {
            return DayAnswerBatch(failure: PolicyError(kind: .io, file: reference.text, day: days.first,
                                                       message: error.message))
        }
        for index in 0..<count where !covered.contains(days[index].dayNumber) && questions[index].canSelect {
            answers[index] = DayAnswers(select: uncovered(days[index]))
        }
        return DayAnswerBatch(answers: answers)
    }

    /// The made answers of a covered day, or nil when it has no holiday of this policy.
    private func made(_ day: Day) throws(PolicyError) -> DayAnswers? {
        do {
            return try years.answer(day.dayNumber)
        } catch {
            throw PolicyError(kind: .io, file: reference.text, day: day, message: error.message)
        }
    }

    /// Only what was asked: an unasked verdict is allowed, an unasked decoration nil.
    private static func asked(_ questions: DayQuestions, _ found: DayAnswers) -> DayAnswers {
        DayAnswers(select: questions.canSelect ? found.select : .allowed,
                   decoration: questions.decoration ? found.decoration : nil)
    }

    private func uncovered(_ day: Day) -> Verdict {
        .denied(reason: "no holiday data for \(day.year) (\(coverageText))")
    }

    /// "data covers 2000–2060", or "no data" when it covers no year.
    public var coverageText: String {
        covered.map { "data covers \($0.lowerBound)–\($0.upperBound)" } ?? "no data"
    }

    static func verdict(_ found: [HolidayEntry]) -> Verdict {
        let closed = found.filter(Self.isDayOff)
        if closed.isEmpty { return .allowed }
        return .denied(reason: closed.map(\.displayName).joined(separator: "; "))
    }

    static func decoration(_ found: [HolidayEntry]) -> Decoration? {
        if found.isEmpty { return nil }
        let dayOff = found.contains(where: Self.isDayOff)
        return Decoration(kind: .default, label: found.map(\.displayName).joined(separator: "; "),
                          color: dayOff ? "#1565c0" : "#ef6c00", size: .medium,
                          observedOf: found.lazy.compactMap(\.observedOf).first?.iso,
                          estimated: found.contains(where: \.isEstimated) ? true : nil)
    }

    public static func isDayOff(_ entry: HolidayEntry) -> Bool {
        entry.close == nil && !decorativeCategories.contains(entry.category)
    }
}
