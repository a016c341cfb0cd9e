import CalendarCore

/// One holiday of one day in one category, as a row of a country's data file.
///
/// `englishName` equals `name` where the country's default language is English or it has no
/// English; the derived fields come from the English name (see scripts/holidays/names.py).
public struct HolidayEntry: Hashable, Sendable {
    public let category: String
    /// The subdivisions it applies to; nil for every calendar of the country. "-" is the
    /// country without a subdivision.
    public let subdivisions: [String]?
    public let name: String
    public let englishName: String
    /// The day an observed holiday stands in for; nil when it is not an observed day (or
    /// python-holidays' name did not let the generator find the original).
    public let observedOf: Day?
    public let isObserved: Bool
    public let isEstimated: Bool
    /// "13:00", "13:30 NZDT", "early" for a half day without a time, or nil for a full day.
    public let close: String?

    /// Whether it applies to the country (`subdivision` nil) or to that subdivision.
    public func applies(to subdivision: String?) -> Bool {
        guard let subdivisions else { return true }
        return subdivisions.contains(subdivision ?? "-")
    }

    /// The English name, with the original-language name after it where that differs:
    /// "German Unity Day (Tag der Deutschen Einheit)".
    public var displayName: String {
        englishName == name ? name : "\(englishName) (\(name))"
    }
}
