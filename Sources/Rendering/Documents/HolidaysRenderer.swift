import CalendarData
import CalendarCore
import PolicyEngine

/// `holidays`'s documents, a tab-separated line at a time (the command writes each as it goes,
/// so a 400-year `--dump` is never held whole): the index of the built-in data, a country's
/// summary, the holidays of one year, and the dump of every calendar's coverage and days.
public enum HolidaysRenderer {
    /// One row of `HolidayData.index()`: code, name, subdivisions, languages, categories, years.
    public static func indexLine(_ row: [String]) -> String {
        [row[0], row[1], "\(row[3]) subdivisions", row[4], row[5], "\(row[6])–\(row[7])"].joined(separator: "\t")
    }

    /// A country's (or a subdivision's) summary: name, categories, languages, each category's
    /// coverage for the place, and, for a country, its subdivisions.
    public static func summary(_ country: HolidayCountry, subdivision: String?) -> String {
        var lines = ["\(country.code)\t\(country.name) (\(country.isMarket ? "market" : "country"))",
                     "categories\t" + country.categories.joined(separator: ", "),
                     "languages\t" + (country.languages.isEmpty ? "-" : country.languages.joined(separator: ", ")),
                     "zone\t" + (MarketZones.defaultZone(of: country).map { "\($0) (the exchange's: its days close from midnight there; @ZONE moves them)" }
                                  ?? "none (its days close at the stack zone's midnight; give one with @ZONE: holidays:\(country.code)\(subdivision.map { "-" + $0 } ?? "")@Area/City)")]
        let place = subdivision ?? "-"
        for category in country.categories {
            let span = country.coverage[place]?[category] ?? nil
            lines.append("coverage\t\(category)\t" + (span.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "none"))
        }
        for entry in country.subdivisions where subdivision == nil {
            lines.append("\(country.code)-\(entry.code)\t" + entry.names.joined(separator: ", "))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `--year`: one holiday of the day, with its category and whether it may still be selected.
    public static func holidayLine(_ day: Day, _ entry: HolidayEntry) -> String {
        var notes = [entry.category]
        if HolidayPolicy.isDayOff(entry) == false { notes.append("selectable") }
        return "\(day.iso)\t\(entry.displayName)\t" + notes.joined(separator: ", ")
    }

    /// `--dump`: a calendar (`label` the subdivision or `-`, and a category) with no data.
    public static func dumpNoneLine(_ label: String, _ category: String) -> String {
        "none\t\(label)\t\(category)"
    }

    /// `--dump`: a calendar's covered years.
    public static func dumpCoverageLine(_ label: String, _ category: String, _ covered: ClosedRange<Int>) -> String {
        "coverage\t\(label)\t\(category)\t\(covered.lowerBound)\t\(covered.upperBound)"
    }

    /// `--dump`: a day the calendar denies or decorates, with the reason or label (escaped: the
    /// data's text is one field of one line).
    public static func dumpDayLine(_ label: String, _ category: String, _ day: Day, verdict: Verdict,
                                   decoration: Decoration?) -> String {
        "day\t\(label)\t\(category)\t\(day.iso)\t\(verdict.isAllowed)\t"
            + TerminalText.escape(verdict.reason ?? decoration?.label ?? "")
    }
}
