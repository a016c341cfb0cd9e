import CalendarData
import CalendarCore

/// What `cal.holidays` and `cal.weekend` ask of the holiday data, answered as text for their
/// Lua part (`HolidayLuaLibrary`), which builds its tables from it a year at a time.
///
/// Why text: the answer crosses C (cpb_holidays.c) as one buffer the host fills and returns
/// without touching Lua, so no Lua error can ever unwind through this code. The data is looked
/// up here, in Swift, through `HolidayData` (C reads no file). Every problem is a message for
/// the Lua part to raise at the policy's line.
enum HolidayLuaHost {
    enum Operation: Int {
        /// "PLACE \u{1f} CATEGORY+CATEGORY \u{1f} LANGUAGE" → "KEY \t FIRST \t LAST" (years covered).
        case resolve = 1
        /// KEY and a year → one line per holiday: "DAYNUMBER \t CATEGORY \t NAME \t ENGLISH \t
        /// OBSERVED-OF \t FLAGS" (flags: o observed, e estimated, h a half day).
        case year = 2
        /// PLACE and a year → one byte per day of the year, "1" a weekend day (working weekend days "0").
        case weekend = 3
    }

    static func answer(_ op: Int, text: String, number: Int, data: HolidayData = .shared) -> Result<String, HolidayDataError> {
        do throws(HolidayDataError) {
            switch Operation(rawValue: op) {
            case .resolve: return .success(try resolve(text, data: data))
            case .year: return .success(try year(key: text, year: number, data: data))
            case .weekend: return .success(try weekend(place: text, year: number, data: data))
            case nil: throw HolidayDataError("unknown holiday lookup \(op)")
            }
        } catch {
            return .failure(error)
        }
    }

    /// A key the `year` lookup reads back: the reference's text, "|", and which name column to use.
    static func resolve(_ text: String, data: HolidayData) throws(HolidayDataError) -> String {
        let parts = text.split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw HolidayDataError("malformed lookup") }
        let (place, categories, language) = (parts[0], parts[1], parts[2])
        guard !place.isEmpty, !place.contains(":") else {
            throw HolidayDataError("place must be a code such as 'DE', 'DE-BE' or 'XNYS', got '\(place)'")
        }
        let reference = try HolidayReference("holidays:" + place + (categories.isEmpty ? "" : ":" + categories), data: data)
        let country = try data.country(reference.code)
        let column = try nameColumn(language, country: country)
        guard let covered = country.coverage(subdivision: reference.subdivision, categories: reference.categories) else {
            throw HolidayDataError("python-holidays has no data for \(place)")
        }
        let canonical = "holidays:" + reference.code + (reference.subdivision.map { "-" + $0 } ?? "") + ":"
            + reference.categories.joined(separator: "+")
        return canonical + "|" + column + "\t\(covered.lowerBound)\t\(covered.upperBound)"
    }

    /// "local" or "english": the column holding names in `language` ("" is the country's own).
    static func nameColumn(_ language: String, country: HolidayCountry) throws(HolidayDataError) -> String {
        if language.isEmpty { return "local" }
        let (local, english) = country.nameLanguages
        func matches(_ column: String) -> Bool {
            column != "-" && (column.lowercased() == language.lowercased()
                || column.split(separator: "_").first.map { $0.lowercased() == language.lowercased() } == true)
        }
        if matches(local) { return "local" }
        if matches(english) || (english == "-" && ["en", "en_us"].contains(language.lowercased())) { return "english" }
        let offered = Set([local, english].filter { $0 != "-" }).sorted()
        throw HolidayDataError("language '\(InputEcho.cut(language))' is not in the data for \(country.code)"
            + HolidayDataError.suggestions(for: language, among: offered)
            + " (names in " + offered.joined(separator: " and ") + ")")
    }

    static func year(key: String, year: Int, data: HolidayData) throws(HolidayDataError) -> String {
        guard let bar = key.lastIndex(of: "|"), (1...9999).contains(year) else { throw HolidayDataError("malformed lookup") }
        let reference = try HolidayReference(String(key[..<bar]), data: data)
        let english = key[key.index(after: bar)...] == "english"
        let country = try data.country(reference.code)
        let categories = Set(reference.categories)
        var out = ""
        var day = Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1))
        while day.year == year {
            for entry in try country.holidays(on: day, subdivision: reference.subdivision, categories: categories) {
                let flags = (entry.isObserved ? "o" : "") + (entry.isEstimated ? "e" : "") + (entry.close == nil ? "" : "h")
                out += "\(day.dayNumber)\t\(entry.category)\t\(english ? entry.englishName : entry.name)\t"
                    + "\(entry.englishName)\t\(entry.observedOf?.iso ?? "")\t\(flags)\n"
            }
            day = day.adding(days: 1)
        }
        return out
    }

    static func weekend(place: String, year: Int, data: HolidayData) throws(HolidayDataError) -> String {
        guard !place.isEmpty, !place.contains(":") else {
            throw HolidayDataError("place must be a code such as 'AE' or 'MY-01', got '\(place)'")
        }
        guard (1...9999).contains(year) else { throw HolidayDataError("no weekend data for \(year)") }
        let reference = try HolidayReference("weekends:" + place, data: data)
        let country = try data.country(reference.code)
        var out = [UInt8]()
        var day = Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1))
        while day.year == year {
            guard let weekend = country.weekend(on: day, subdivision: reference.subdivision) else {
                throw HolidayDataError("no weekend data for \(day.iso)"
                    + (country.weekendSpan.map { " (\(reference.code) data covers \($0.lowerBound.iso)–\($0.upperBound.iso))" } ?? ""))
            }
            out.append(weekend.contains(day.weekday) && !country.workdays.contains(day.dayNumber) ? 49 : 48)
            day = day.adding(days: 1)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
