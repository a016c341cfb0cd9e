import CalendarCore

/// A country's weekend by date as a policy (`weekends:AE`: Friday and Saturday until 2021,
/// Saturday and Sunday from 2022), with the weekend days that are working days selectable and
/// decorated with why. A day outside the weekend data is denied with that reason.
public struct WeekendPolicy: DayPolicy {
    public let reference: HolidayReference
    public let country: HolidayCountry

    public var name: String { reference.text }
    /// `@ZONE`: the weekend's days close from local midnight to local midnight there.
    public var zone: ZoneWallTime? { reference.zoneName.flatMap(ZoneDatabase.zone(named:)) }

    public init(reference: HolidayReference, country: HolidayCountry) {
        self.reference = reference
        self.country = country
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        guard let weekend = country.weekend(on: day, subdivision: reference.subdivision) else {
            let span = country.weekendSpan
            return .denied(reason: "no weekend data for \(day.year)"
                + (span.map { " (data covers \($0.lowerBound.year)–\($0.upperBound.year))" } ?? ""))
        }
        if weekend.contains(day.weekday), !country.workdays.contains(day.dayNumber) { return .denied(reason: "weekend") }
        return .allowed
    }

    public func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        guard country.workdays.contains(day.dayNumber),
              country.weekend(on: day, subdivision: reference.subdivision)?.contains(day.weekday) == true else { return nil }
        return Decoration(kind: .default, label: workdayLabel(day), color: "#6a1b9a", size: .medium)
    }

    /// "working day in place of 2021-01-08 (Day off (substituted from 01/16/2021))": the day
    /// off python-holidays names as substituted from this one, when it is within 90 days.
    func workdayLabel(_ day: Day) -> String {
        let (year, month, dayOfMonth) = day.components
        let mark = "(substituted from " + pad(month) + "/" + pad(dayOfMonth) + "/\(year))"
        for distance in 1...90 {
            for other in [day.adding(days: -distance), day.adding(days: distance)] {
                if let entry = (try? country.entries(on: other))?.first(where: { $0.englishName.contains(mark) }) {
                    return "working day in place of \(other.iso) (\(entry.englishName))"
                }
            }
        }
        return "working weekend day"
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
