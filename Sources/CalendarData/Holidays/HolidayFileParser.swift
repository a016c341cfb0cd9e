import CalendarCore

/// Reads a country's data file (data/holidays/CC.tsv, written by scripts/holidays/generate.py).
///
/// Header records (`entity`, `languages`, `names`, `categories`, `subdivision`, `coverage`,
/// `weekend`, `workday`) up to the `holidays` line, then one row per holiday. The header is read
/// here; the rows are left to `HolidayRows`, which parses a year when it is first asked about
/// (loading a country is then a read of the file and of its short header). A line that does
/// not read is one error naming the file and the line: the file is generated, so a damaged
/// one is regenerated rather than half used.
enum HolidayFileParser {
    static func parse(_ bytes: [UInt8], file: String) throws(HolidayDataError) -> HolidayCountry {
        var country = HolidayCountry()
        var lineNumber = 0
        var start = 0
        let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(8)
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            lineNumber += 1
            let line = bytes[start..<end]
            start = end + 1
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = line.startIndex
            for index in line.indices where line[index] == tab {
                fields.append(line[fieldStart..<index])
                fieldStart = index + 1
            }
            fields.append(line[fieldStart..<line.endIndex])
            func fail(_ problem: String) -> HolidayDataError {
                HolidayDataError("\(file):\(lineNumber): \(problem); regenerate it with scripts/holidays/generate.py")
            }
            let values = fields.dropFirst().map(text)
            switch text(fields[0]) {
            case "entity":
                guard values.count == 3 else { throw fail("expected 'entity CODE NAME KIND'") }
                country.code = values[0]
                country.name = values[1]
                country.isMarket = values[2] == "market"
            case "source": break
            case "languages": country.languages = values.filter { !$0.isEmpty }
            case "names":
                guard values.count == 2 else { throw fail("expected 'names LOCAL ENGLISH'") }
                country.nameLanguages = (values[0], values[1])
            case "categories": country.categories = values
            case "subdivision":
                guard let code = values.first else { throw fail("expected 'subdivision CODE NAME...'") }
                country.subdivisions.append((code, values.dropFirst().filter { !$0.isEmpty }))
            case "coverage":
                guard values.count == 4 else { throw fail("expected 'coverage WHERE CATEGORY FIRST LAST'") }
                var span: ClosedRange<Int>?
                if values[2] != "-" {
                    // Years a `Day` can hold: a span past 9999 or before 1 has no first or last day.
                    guard let first = Int(values[2]), let last = Int(values[3]), 1 <= first, first <= last,
                          last <= 9999 else {
                        throw fail("expected two years 1 <= FIRST <= LAST <= 9999")
                    }
                    span = first...last
                }
                country.coverage[values[0], default: [:]][values[1]] = .some(span)
            case "weekend":
                guard values.count == 4, let first = date(fields[2]), let last = date(fields[3]), first <= last else {
                    throw fail("expected 'weekend WHERE FIRST LAST DAYS' with FIRST <= LAST")
                }
                var weekdays: Set<Int> = []
                for name in values[3].split(separator: ",") {
                    guard let weekday = weekdayNumbers[String(name)] else { throw fail("unknown weekday '\(name)'") }
                    weekdays.insert(weekday)
                }
                country.weekends[values[0], default: []].append(.init(first: first, last: last, weekdays: weekdays))
            case "workday":
                guard let day = date(fields[1]) else { throw fail("expected 'workday YYYY-MM-DD'") }
                country.workdays.insert(day.dayNumber)
            case "holidays":
                country.rows = HolidayRows(bytes: bytes, start: min(start, bytes.count), file: file)
                return country
            case let other: throw fail("unknown record '\(other)'")
            }
        }
        throw HolidayDataError("\(file): no 'holidays' line; regenerate it with scripts/holidays/generate.py")
    }

    /// Foundation's weekday numbers (1 = Sunday) for the file's names.
    static let weekdayNumbers = ["Sun": 1, "Mon": 2, "Tue": 3, "Wed": 4, "Thu": 5, "Fri": 6, "Sat": 7]

    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `YYYY-MM-DD` without going through a String.
    static func date(_ bytes: ArraySlice<UInt8>) -> Day? { dayNumber(bytes).map(Day.init(dayNumber:)) }

    /// The day number of `YYYY-MM-DD` (CalendarCore's one grammar of a date's text, read from
    /// the bytes without a String).
    static func dayNumber(_ bytes: ArraySlice<UInt8>) -> Int? { Day(isoBytes: bytes)?.dayNumber }
}
