import CalendarCore
import Foundation

/// The holiday rows of one country's file, parsed a year at a time when a day of that year is
/// first asked about.
///
/// Why lazily: loading a country sits on the start of every command that names a reference,
/// and parsing all 61 years of a large file (India: 17,000 rows) cost more than the rest of a
/// start, while a stack over one month needs one year. generate.py writes the rows sorted by
/// date, so a year's rows are found by a binary search over the bytes without reading the
/// others. Strings and subdivision lists repeat year after year, so each is made once per
/// country and shared. A damaged row is still one error naming the file and its line, raised
/// by the lookup that reads it.
final class HolidayRows: @unchecked Sendable {
    /// One parsed year: the holidays of each of its days, by day number minus `first`.
    private struct Year {
        let first: Int
        let days: [[HolidayEntry]]
    }

    private let bytes: [UInt8]
    /// Where the first row starts (after the `holidays` line).
    private let start: Int
    private let file: String
    private let lock = NSLock()
    private var years: [Int: Year] = [:]
    private var recent: Year?
    private var strings: [ArraySlice<UInt8>: String] = [:]
    private var places: [ArraySlice<UInt8>: [String]] = [:]

    init(bytes: [UInt8], start: Int, file: String) {
        self.bytes = bytes
        self.start = start
        self.file = file
    }

    static let empty = HolidayRows(bytes: [], start: 0, file: "")

    /// The rows of `day`, in file order.
    func entries(on day: Day) throws(HolidayDataError) -> [HolidayEntry] {
        lock.lock()
        defer { lock.unlock() }
        let year = try yearHolding(day)
        return year.days[day.dayNumber - year.first]
    }

    /// The parsed year holding `day`, parsing it on first use; called under the lock.
    /// Consecutive days mostly fall in the year asked last: no civil date, no dictionary.
    private func yearHolding(_ day: Day) throws(HolidayDataError) -> Year {
        let n = day.dayNumber
        if let recent, n >= recent.first, n - recent.first < recent.days.count { return recent }
        let number = day.year
        let year: Year
        if let known = years[number] {
            year = known
        } else {
            year = try parse(year: number)
            years[number] = year
        }
        recent = year
        return year
    }

    /// Every year's rows parsed now, so that a damaged row anywhere is found (tests, `--dump`).
    func parseAll() throws(HolidayDataError) {
        lock.lock()
        defer { lock.unlock() }
        guard start < bytes.count, let first = year(at: start) else { return }
        var position = start
        var year = first
        while position < bytes.count {
            if years[year] == nil { years[year] = try parse(year: year) }
            position = offset(ofFirstRowIn: year + 1)
            guard position < bytes.count, let next = self.year(at: position) else { break }
            year = next
        }
    }

    // MARK: Finding a year

    /// The year of the row starting at `position`, from its first four bytes.
    private func year(at position: Int) -> Int? {
        guard position + 4 <= bytes.count else { return nil }
        var value = 0
        for index in position..<position + 4 {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// The start of the first row whose year is `year` or later (`bytes.count` when none): a
    /// binary search over line starts. A row without a year sorts first, so the parse of its
    /// year range reports it.
    private func offset(ofFirstRowIn year: Int) -> Int {
        var low = start, high = bytes.count
        while low < high {
            var position = low + (high - low) / 2
            while position > low, bytes[position - 1] != 0x0A { position -= 1 }
            if (self.year(at: position) ?? Int.min) < year {
                var next = position
                while next < bytes.count, bytes[next] != 0x0A { next += 1 }
                low = min(next + 1, bytes.count)
            } else {
                high = position
            }
        }
        return low
    }

    // MARK: Parsing a year

    private func parse(year: Int) throws(HolidayDataError) -> Year {
        // Plain arithmetic, not `Day(year:)`: the year after 9999 has a first day number too.
        let first = GregorianMath.dayNumber(year: year, month: 1, day: 1)
        let length = GregorianMath.dayNumber(year: year + 1, month: 1, day: 1)
        var days = [[HolidayEntry]](repeating: [], count: max(0, length - first))
        guard (1...9999).contains(year) else { return Year(first: first, days: days) }
        var position = offset(ofFirstRowIn: year)
        let end = offset(ofFirstRowIn: year + 1)
        var fields: [Range<Int>] = []
        fields.reserveCapacity(8)
        while position < end {
            var lineEnd = position
            while lineEnd < end, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { position = lineEnd + 1 }
            if lineEnd == position || bytes[position] == UInt8(ascii: "#") { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = position
            for index in position..<lineEnd where bytes[index] == 0x09 {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<lineEnd)
            guard fields.count == 8 else { throw fail(at: position, "expected 8 fields, found \(fields.count)") }
            guard let dayNumber = HolidayFileParser.dayNumber(bytes[fields[0]]), dayNumber >= first,
                  dayNumber < first + days.count else { throw fail(at: position, "expected a date YYYY-MM-DD") }
            let observed = bytes[fields[5]]
            var observedOf: Day?
            if !observed.isEmpty, observed != [UInt8(ascii: "?")][...] {
                guard let original = HolidayFileParser.dayNumber(observed) else {
                    throw fail(at: position, "expected an observedOf date")
                }
                observedOf = Day(dayNumber: original)
            }
            let name = string(fields[3])
            let entry = HolidayEntry(
                category: string(fields[1]), subdivisions: place(fields[2]), name: name,
                englishName: fields[4].isEmpty ? name : string(fields[4]), observedOf: observedOf,
                isObserved: !observed.isEmpty, isEstimated: !fields[6].isEmpty,
                close: fields[7].isEmpty ? nil : string(fields[7]))
            days[dayNumber - first].append(entry)
        }
        return Year(first: first, days: days)
    }

    /// The field's text, made once per country.
    private func string(_ range: Range<Int>) -> String {
        let slice = bytes[range]
        if let known = strings[slice] { return known }
        let made = String(decoding: slice, as: UTF8.self)
        strings[slice] = made
        return made
    }

    /// The `where` field: nil for `*` (everywhere), else its subdivision codes, made once per country.
    private func place(_ range: Range<Int>) -> [String]? {
        let slice = bytes[range]
        if slice.count == 1, slice.first == UInt8(ascii: "*") { return nil }
        if let known = places[slice] { return known }
        let made = slice.split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
        places[slice] = made
        return made
    }

    /// An error naming the file and the line holding `position` (counted only when one is raised).
    private func fail(at position: Int, _ problem: String) -> HolidayDataError {
        let line = 1 + bytes[..<position].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return HolidayDataError("\(file):\(line): \(problem); regenerate it with scripts/holidays/generate.py")
    }
}
