import CalendarCore

/// The holidays of a country, subdivision or market as a policy (`holidays:DE-BE`).
///
/// A holiday denies its day with its name as the reason ("German Unity Day (Tag der Deutschen
/// Einheit)") and decorates it; half days (a close time) and the categories that are not days
/// off (optional, half_day, workday, unofficial) only decorate. A day in a year the data does not
/// cover is denied with that reason, never silently allowed.
public struct HolidayPolicy: DayPolicy {
    /// Categories whose days stay selectable: they are marked, not days off.
    public static let decorativeCategories: Set<String> = ["half_day", "optional", "optional_women", "workday",
                                                            "unofficial"]

    public let reference: HolidayReference
    public let country: HolidayCountry
    public let covered: ClosedRange<Int>
    private let categorySet: Set<String>

    public var name: String { reference.text }

    public init(reference: HolidayReference, country: HolidayCountry) {
        self.reference = reference
        self.country = country
        covered = country.coverage(subdivision: reference.subdivision, categories: reference.categories) ?? 0...(-1)
        categorySet = Set(reference.categories)
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
        guard covered.contains(day.year) else {
            return .denied(reason: "no holiday data for \(day.year) (data covers \(covered.lowerBound)–\(covered.upperBound))")
        }
        let closed = try holidays(on: day).filter(Self.isDayOff)
        if closed.isEmpty { return .allowed }
        return .denied(reason: closed.map(\.displayName).joined(separator: "; "))
    }

    public func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        guard covered.contains(day.year) else { return nil }
        let found = try holidays(on: day)
        if found.isEmpty { return nil }
        let dayOff = found.contains(where: Self.isDayOff)
        return Decoration(kind: .default, label: found.map(\.displayName).joined(separator: "; "),
                          color: dayOff ? "#1565c0" : "#ef6c00", size: .medium)
    }

    public static func isDayOff(_ entry: HolidayEntry) -> Bool {
        entry.close == nil && !decorativeCategories.contains(entry.category)
    }
}
