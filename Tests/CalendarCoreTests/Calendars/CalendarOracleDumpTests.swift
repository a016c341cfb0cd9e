import Foundation
import Testing
@testable import CalendarCore

/// Writes the conversions an independent reference checks (scripts/oracles/calendars.py,
/// with convertdate): for each calendar, the first and last day of every month from
/// 1900 to 2300 CE plus every Gregorian 1st and 15th. Without the output variable a
/// shorter range is built and checked against the spans instead.
@Suite struct CalendarOracleDump {
    static let outputVariable = "CALPOLICY_ORACLE_OUT"
    static let calendars: [CalendarIdentifier] = [
        .hebrew, .islamicCivil, .islamicTabular, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem, .indian, .persian,
    ]

    static func line(_ id: CalendarIdentifier, _ day: Day, _ date: CalendarDate) -> String {
        let era = date.era.map(String.init) ?? "-"
        return "\(id.rawValue) \(day.iso) \(era) \(date.year) \(date.month.month) \(date.day) \(date.isLeapMonth ? 1 : 0)"
    }

    static func days(_ id: CalendarIdentifier, from: Day, through: Day) throws -> [Day] {
        let system = CalendarSystems.system(for: id)
        var days: Set<Day> = []
        var month = system.date(of: from).month
        while true {
            let span = try system.span(of: month)
            for day in [span.first, span.last] where day >= from && day <= through { days.insert(day) }
            if span.last >= through { break }
            month = try system.month(after: month)
        }
        let (y0, _, _) = from.components
        let (y1, _, _) = through.components
        for year in y0...y1 {
            for month in 1...12 {
                for dayOfMonth in [1, 15] {
                    let day = try Day(year: year, month: month, day: dayOfMonth)
                    if day >= from && day <= through { days.insert(day) }
                }
            }
        }
        return days.sorted()
    }

    static func lines(from: Day, through: Day) throws -> [String] {
        try calendars.flatMap { id in
            let system = CalendarSystems.system(for: id)
            return try days(id, from: from, through: through).map { line(id, $0, system.date(of: $0)) }
        }
    }

    @Test func dumpOrCheckConsistency() throws {
        if let output = ProcessInfo.processInfo.environment[Self.outputVariable] {
            let lines = try Self.lines(from: Day.iso("1900-01-01"), through: Day.iso("2300-12-31"))
            try (lines.joined(separator: "\n") + "\n").write(toFile: output, atomically: true, encoding: .utf8)
            #expect(lines.count > Self.calendars.count * 400 * 24)
            return
        }
        let lines = try Self.lines(from: Day.iso("2020-01-01"), through: Day.iso("2030-12-31"))
        #expect(lines.count > Self.calendars.count * 10 * 24)
        for line in lines {
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 7, let id = CalendarIdentifier(rawValue: f[0]), let year = Int(f[3]),
                  let month = Int(f[4]), let dayOfMonth = Int(f[5])
            else {
                Issue.record("malformed line \(line)")
                continue
            }
            let span = try CalendarSystems.system(for: id)
                .span(of: CalendarMonth(era: Int(f[2]), year: year, month: month, isLeapMonth: f[6] == "1"))
            #expect(span.first.adding(days: dayOfMonth - 1) == (try Day.iso(f[1])), "\(line)")
        }
    }
}
