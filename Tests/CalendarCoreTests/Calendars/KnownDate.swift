import Testing
@testable import CalendarCore

/// One row of a published or independently computed conversion table.
struct KnownDate: CustomStringConvertible, Sendable {
    let iso: String
    let era: Int?
    let year: Int
    let month: Int
    let day: Int
    let isLeapMonth: Bool

    init(_ iso: String, era: Int? = nil, _ year: Int, _ month: Int, _ day: Int, leap: Bool = false) {
        self.iso = iso
        self.era = era
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = leap
    }

    var expected: CalendarDate {
        CalendarDate(month: CalendarMonth(era: era, year: year, month: month, isLeapMonth: isLeapMonth), day: day)
    }

    var description: String { "\(iso) = \(era.map { "era \($0) " } ?? "")\(year)-\(month)\(isLeapMonth ? "L" : "")-\(day)" }

    /// Checks both directions: the day's date, and the day found from the month's span.
    func check(in id: CalendarIdentifier, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let system = CalendarSystems.system(for: id)
        let target = try Day(iso: iso)
        #expect(system.date(of: target) == expected, "\(id.rawValue): \(self)", sourceLocation: sourceLocation)
        let span = try system.span(of: expected.month)
        // Japanese months keep Gregorian day numbers even where an era change splits them.
        let offset = id == .japanese ? target.day - span.first.day : day - 1
        #expect(span.first.adding(days: offset) == target, "\(id.rawValue): \(self)", sourceLocation: sourceLocation)
    }
}

extension Day {
    static func iso(_ text: String) throws -> Day { try Day(iso: text) }
}
