import CalendarCore

/// A built-in policy named by a reference instead of a file: `holidays:CC[-SUB][:cat+cat]`
/// (`holidays:DE-BE`, `holidays:JP:public+bank`, `holidays:XNYS`) or `weekends:CC[-SUB]`, each
/// with an optional `@ZONE` (`holidays:US-NY@America/New_York`): the office's zone, so its days
/// off close from local midnight to local midnight there whatever the stack's zone.
///
/// Resolved against the data when the stack is built, so an unknown country, subdivision or
/// category is one error with a did-you-mean before any day is asked.
public struct HolidayReference: Sendable, Hashable {
    public let text: String
    public let code: String
    /// The subdivision's code, nil for the country as a whole.
    public let subdivision: String?
    public let categories: [String]
    public let isWeekends: Bool
    /// The zone `@ZONE` names (resolved), nil without one.
    public let zoneName: String?

    /// Whether `argument` is a reference rather than a policy path.
    public static func isReference(_ argument: String) -> Bool {
        argument.hasPrefix("holidays:") || argument.hasPrefix("weekends:")
    }

    public init(_ text: String, data: HolidayData = .shared) throws(HolidayDataError) {
        self.text = text
        var body = Substring(text)
        if let at = text.lastIndex(of: "@") {
            let name = String(text[text.index(after: at)...])
            switch ZoneNames.resolve(name) {
            case .success(let zone): zoneName = zone.identifier
            case .failure(let problem): throw HolidayDataError("@" + problem.message)
            }
            body = text[..<at]
        } else {
            zoneName = nil
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        isWeekends = parts[0] == "weekends"
        guard parts.count == 2 || (parts.count == 3 && !isWeekends), !parts[1].isEmpty else {
            throw HolidayDataError(isWeekends ? "expected weekends:CC or weekends:CC-SUB (weekends:AE, weekends:MY-01)"
                : "expected holidays:CC[-SUB][:category+category] (holidays:DE-BE, holidays:JP:public+bank)")
        }
        let place = parts[1]
        let dash = place.firstIndex(of: "-")
        let typedCode = dash.map { String(place[..<$0]) } ?? place
        let code = try data.code(for: typedCode, reference: text)
        self.code = code
        let country = try data.country(code)
        if let dash {
            let typed = String(place[place.index(after: dash)...])
            guard let found = country.subdivision(named: typed) else {
                if country.subdivisions.isEmpty { throw HolidayDataError("\(code) has no subdivisions") }
                throw HolidayDataError("unknown subdivision '\(InputEcho.cut("\(code)-\(typed)"))'"
                    + HolidayDataError.suggestions(for: "\(code)-\(typed)",
                                                   among: country.subdivisions.map { "\(code)-\($0.code)" })
                    + " (calpolicy holidays \(code) lists them)")
            }
            subdivision = found
        } else {
            subdivision = nil
        }
        if parts.count == 3 {
            var chosen: [String] = []
            for typed in parts[2].split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
                guard let category = country.categories.first(where: { $0 == typed.lowercased() }) else {
                    throw HolidayDataError("unknown category '\(InputEcho.cut(typed))' for \(code)"
                        + HolidayDataError.suggestions(for: typed, among: country.categories)
                        + " (\(code) has " + country.categories.joined(separator: ", ") + ")")
                }
                if !chosen.contains(category) { chosen.append(category) }
            }
            categories = chosen
        } else {
            // A market's half days come with it: decorated, still selectable.
            categories = [country.categories[0]] + (country.isMarket && country.categories.contains("half_day")
                ? ["half_day"] : [])
        }
        if !isWeekends, country.coverage(subdivision: subdivision, categories: categories) == nil {
            throw HolidayDataError("python-holidays has no data for \(place) in " + categories.joined(separator: "+"))
        }
    }

    /// The policy the reference names.
    public func policy(data: HolidayData = .shared) throws(HolidayDataError) -> any DayPolicy {
        let country = try data.country(code)
        return isWeekends ? WeekendPolicy(reference: self, country: country)
            : HolidayPolicy(reference: self, country: country)
    }
}
