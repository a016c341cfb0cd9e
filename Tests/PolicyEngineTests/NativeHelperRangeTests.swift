import CalendarCore
import LuaHost
import Testing
@testable import PolicyEngine

/// Every value a policy hands a native helper is range-checked before any arithmetic: extreme
/// integers, huge floats, NaN, infinities, strings and tables passed to `cal.fromCalendar`,
/// `cal.convert`, `cal.byYear`, `cal.addDays`, the other `cal` helpers and the day, calendar-date
/// and selection views end in an ordinary Lua error the policy's `pcall` catches (or, where a
/// value is harmless, an answer), never a trap that kills the process.
@Suite struct NativeHelperRangeTests {
    let fixture = PolicyFixture()

    /// Lua expressions for values no helper may do unchecked arithmetic on.
    static let hostile = [
        "math.maxinteger", "math.mininteger", "math.maxinteger - 1", "math.mininteger + 1",
        "-2^53", "2^53", "-(2^53)//1", "2^63", "-2^63", "1e308", "-1e308", "0/0", "math.huge", "-math.huge",
        "0.5", "'9223372036854775807'", "'-9223372036854775808'", "'1e400'", "'abc'", "''", "{}", "true",
        "nil", "4294967296", "-4294967296", "2147483648", "-2147483649", "1000000", "-1000000",
    ]

    /// Of `hostile`, those that can never name a date component or a day number: every helper
    /// taking an integer must refuse them with an error.
    static let neverValid = [
        "math.maxinteger", "math.mininteger", "math.maxinteger - 1", "math.mininteger + 1",
        "-2^53", "2^53", "-(2^53)//1", "2^63", "-2^63", "1e308", "-1e308", "0/0", "math.huge", "-math.huge",
        "0.5", "'1e400'", "'abc'", "''", "{}", "true", "nil", "4294967296", "-4294967296",
    ]

    static let calendars = CalendarIdentifier.allCases.map(\.rawValue) + ["no-such-calendar"]

    struct Outcome: CustomStringConvertible {
        var label: String
        var ok: Bool
        var text: String
        var description: String { "\(label): \(ok ? "ok" : "error") \(text)" }
    }

    /// Runs each `(label, expression)` inside `pcall`, all in the first call of a real policy (the
    /// day is `day`, the selection `selection`), and returns what each gave: later calls hand back
    /// one result each, as the denial reason (which holds at most 4 KiB).
    func run(_ probes: [(String, String)], day: Day = .at("2026-03-01"),
             context: PolicyContext = PolicyContext(selection: [.at("2026-03-02"), .at("2026-03-05")])) throws
        -> [Outcome]
    {
        var source = "local probes = {\n"
        for (index, probe) in probes.enumerated() {
            source += "  [\(index + 1)] = function(day, selection) return \(probe.1) end,\n"
        }
        source += """
            }
            local results, cursor
            function canSelect(day, selection)
              if results == nil then
                results, cursor = {}, 0
                for i = 1, \(probes.count) do
                  local ok, r = pcall(probes[i], day, selection)
                  results[i] = (ok and "ok" or "error") .. "\t" .. tostring(r):sub(1, 2000)
                end
              end
              cursor = cursor + 1
              return false, results[cursor]
            end
            """
        let policy = try fixture.load(source)
        var outcomes: [Outcome] = []
        for probe in probes {
            guard case .denied(let reason) = try policy.canSelect(day, context: context), let reason else {
                Issue.record("the probing policy did not answer for \(probe.0)")
                return outcomes
            }
            let parts = reason.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            outcomes.append(Outcome(label: probe.0, ok: parts.first == "ok",
                                    text: parts.count > 1 ? String(parts[1]) : ""))
        }
        return outcomes
    }

    // MARK: - The reported traps

    @Test func aHugeDayInFromCalendarIsACatchableError() throws {
        let outcomes = try run([
            ("hebrew max day", "cal.fromCalendar('hebrew', 5784, 1, math.maxinteger)"),
            ("hebrew min day", "cal.fromCalendar('hebrew', 5784, 1, math.mininteger)"),
            ("hebrew day 31", "cal.fromCalendar('hebrew', 5784, 1, 31)"),
            ("hebrew day 0", "cal.fromCalendar('hebrew', 5784, 1, 0)"),
            ("hebrew day 30", "cal.fromCalendar('hebrew', 5784, 1, 30)"),
        ])
        #expect(!outcomes[0].ok && outcomes[0].text.contains("cal.fromCalendar: day 9223372036854775807 is out of range"),
                "\(outcomes[0])")
        #expect(!outcomes[1].ok && outcomes[1].text.contains("cal.fromCalendar: day -9223372036854775808 is out of range"),
                "\(outcomes[1])")
        #expect(!outcomes[2].ok && outcomes[2].text.contains("day 31 does not exist in hebrew month 5784-1"),
                "\(outcomes[2])")
        #expect(!outcomes[3].ok && outcomes[3].text.contains("day 0 does not exist"), "\(outcomes[3])")
        #expect(outcomes[4].ok && outcomes[4].text == "2023-10-15", "\(outcomes[4])")
    }

    /// Chinese 9999-12 ends in Gregorian 10000 (found by FuzzNativeHelpers): a day cal cannot write
    /// as 'YYYY-MM-DD' is an error, not an answer.
    @Test func fromCalendarNeverAnswersADayOutsideTheSupportedSpan() throws {
        let outcomes = try run([
            ("chinese 9999-12-1", "cal.fromCalendar('chinese', 9999, 12, 1)"),
            ("chinese 9999-12-29", "cal.fromCalendar('chinese', 9999, 12, 29)"),
        ])
        #expect(outcomes[0].ok && outcomes[0].text == "9999-12-31", "\(outcomes[0])")
        #expect(!outcomes[1].ok && outcomes[1].text.contains("is outside 0001-01-01...9999-12-31"), "\(outcomes[1])")
    }

    @Test func aHugeYearInAnEraCalendarIsACatchableError() throws {
        let eraCalendars = ["japanese", "buddhist", "republic-of-china", "ethiopic-amete-alem",
                            "ethiopic-amete-mihret", "coptic"]
        var probes: [(String, String)] = []
        for calendar in eraCalendars {
            for year in ["math.maxinteger", "math.mininteger", "math.maxinteger - 1", "math.mininteger + 1"] {
                probes.append(("\(calendar) \(year)", "cal.fromCalendar('\(calendar)', \(year), 1, 1)"))
            }
        }
        for outcome in try run(probes) {
            #expect(!outcome.ok && outcome.text.contains("cal.fromCalendar: year")
                    && outcome.text.contains("is out of range"), "\(outcome)")
        }
    }

    @Test func anExtremeTableDayInByYearIsACatchableError() throws {
        let outcomes = try run([
            ("max year", "cal.byYear(function(y) return {} end)({ dayNumber = 1, year = math.maxinteger })"),
            ("min year", "cal.byYear(function(y) return {} end)({ dayNumber = 1, year = math.mininteger })"),
            ("year 0", "cal.byYear(function(y) return {} end)({ dayNumber = 1, year = 0 })"),
            ("max day, good year",
             "cal.byYear(function(y) return {} end)({ dayNumber = math.maxinteger, year = 2026 })"),
            ("good", "cal.byYear(function(y) return { [7] = 'x' .. y } end)({ dayNumber = 7, year = 1970 })"),
        ])
        #expect(!outcomes[0].ok && outcomes[0].text.contains("cal.byYear: day.year must be 1...9999, got '9223372036854775807'"),
                "\(outcomes[0])")
        #expect(!outcomes[1].ok && outcomes[1].text.contains("cal.byYear: day.year must be 1...9999"), "\(outcomes[1])")
        #expect(!outcomes[2].ok && outcomes[2].text.contains("cal.byYear: day.year must be 1...9999, got '0'"),
                "\(outcomes[2])")
        #expect(outcomes[3].ok && outcomes[3].text == "nil", "\(outcomes[3])")
        #expect(outcomes[4].ok && outcomes[4].text == "x1970", "\(outcomes[4])")
    }

    // MARK: - Every helper, every hostile value

    @Test(arguments: NativeHelperRangeTests.calendars)
    func fromCalendarSurvivesEveryValueInEveryPosition(calendar: String) throws {
        var probes: [(String, String)] = []
        for value in Self.hostile {
            probes.append(("year \(value)", "cal.fromCalendar('\(calendar)', \(value), 1, 1)"))
            probes.append(("month \(value)", "cal.fromCalendar('\(calendar)', 2026, \(value), 1)"))
            probes.append(("day \(value)", "cal.fromCalendar('\(calendar)', 2026, 1, \(value))"))
            probes.append(("leap \(value)", "cal.fromCalendar('\(calendar)', 2026, 1, 1, \(value))"))
        }
        probes.append(("calendar max", "cal.fromCalendar(math.maxinteger, 1, 1, 1)"))
        for outcome in try run(probes) {
            let value = outcome.label.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
            if !outcome.label.hasPrefix("leap"), Self.neverValid.contains(value) {
                #expect(!outcome.ok, "\(calendar) \(outcome)")
            }
            if !outcome.ok { #expect(outcome.text.contains("cal.fromCalendar"), "\(calendar) \(outcome)") }
        }
    }

    @Test func convertSurvivesEveryValue() throws {
        var probes: [(String, String)] = []
        for value in Self.hostile {
            probes.append(("iso \(value)", "cal.convert(\(value), 'hebrew')"))
            probes.append(("calendar \(value)", "cal.convert('2026-03-01', \(value))"))
        }
        for calendar in Self.calendars {
            for iso in ["'0001-01-01'", "'9999-12-31'", "'0000-12-31'", "'10000-01-01'", "'-001-01-01'"] {
                probes.append(("\(calendar) \(iso)", "cal.convert(\(iso), '\(calendar)').year"))
            }
        }
        for outcome in try run(probes) where outcome.label.hasPrefix("iso ") || outcome.label.hasPrefix("calendar ") {
            #expect(!outcome.ok, "\(outcome)")
        }
    }

    @Test func integerHelpersRefuseEveryHostileValue() throws {
        let templates = [
            "cal.addDays('2026-03-01', V)", "cal.addDays(V, 1)", "cal.dayNumberOf(V)", "cal.fromDayNumber(V)",
            "cal.isoOfDayNumber(V)", "cal.weekdayOfDayNumber(V)", "cal.dayNumber(V, 1, 1)",
            "cal.dayNumber(2026, V, 1)", "cal.dayNumber(2026, 1, V)", "cal.format(V, 1, 1)",
            "cal.format(2026, 1, V)", "cal.daysInMonth(V, 1)", "cal.daysInMonth(2026, V)",
            "cal.nthWeekday(V, 1, 2, 1)", "cal.nthWeekday(2026, 1, 2, V)", "cal.nthWeekdayDayNumber(2026, V, 2, 1)",
            "cal.easter(V)", "cal.easterDayNumber(V, 'orthodox')", "cal.observedDayNumber(V, cal.NEXT_WORKDAY)",
            "cal.observed(V, cal.NEXT_WORKDAY)", "cal.parse(V)", "cal.weekday(V)", "cal.isWeekend(V)",
            "cal.daysBetween(V, '2026-01-01')", "cal.substitute({ { date = V, name = 'x' } })",
        ]
        var probes: [(String, String)] = []
        for template in templates {
            for value in Self.neverValid {
                probes.append(("\(template) \(value)", template.replacingOccurrences(of: "V", with: "(\(value))")))
            }
        }
        for outcome in try run(probes) {
            #expect(!outcome.ok && outcome.text.contains("cal."), "\(outcome)")
        }
    }

    @Test func addDaysNearTheEndsOfTheRange() throws {
        let outcomes = try run([
            ("max", "cal.addDays('9999-12-31', math.maxinteger)"),
            ("min", "cal.addDays('0001-01-01', math.mininteger)"),
            ("wrap", "cal.addDays('9999-12-31', math.mininteger)"),
            ("to the end", "cal.addDays('0001-01-01', 3652058)"),
            ("past the end", "cal.addDays('0001-01-01', 3652059)"),
        ])
        for outcome in outcomes where outcome.label != "to the end" {
            #expect(!outcome.ok && outcome.text.contains("is outside 0001-01-01...9999-12-31"), "\(outcome)")
        }
        #expect(outcomes[3].ok && outcomes[3].text == "9999-12-31", "\(outcomes[3])")
    }

    @Test func harmlessAnswersStayAnswers() throws {
        let outcomes = try run([
            ("leap max", "cal.isLeapYear(math.maxinteger)"),
            ("leap min", "cal.isLeapYear(math.mininteger)"),
        ])
        #expect(outcomes.filter { !$0.ok }.isEmpty, "\(outcomes)")
    }

    @Test(arguments: CalendarIdentifier.allCases)
    func viewsSurviveEveryKey(calendar: CalendarIdentifier) throws {
        var probes: [(String, String)] = []
        for value in Self.hostile {
            probes.append(("day[\(value)]", "day[\(value)]"))
            probes.append(("day.calendar[\(value)]", "day.calendar[\(value)]"))
            probes.append(("selection[\(value)]", "selection[\(value)]"))
            probes.append(("selection.contains(\(value))", "selection.contains(\(value))"))
            probes.append(("day < \(value)", "day < \(value)"))
            probes.append(("day == \(value)", "day == \(value)"))
        }
        for field in ["year", "month", "day", "era", "isLeapMonth", "name"] {
            probes.append(("day.calendar.\(field)", "tostring(day.calendar.\(field))"))
        }
        for field in ["year", "month", "day", "weekday", "iso", "dayNumber", "yearDay"] {
            probes.append(("day.\(field)", "day.\(field)"))
        }
        let system = CalendarSystems.system(for: calendar)
        let context = PolicyContext(calendar: system, selection: [.at("0001-01-01"), .at("9999-12-31")])
        for day in [Day.supportedRange.lowerBound, .at("2026-03-01"), Day.supportedRange.upperBound] {
            let outcomes = try run(probes, day: day, context: context)
            for outcome in outcomes where outcome.label.hasPrefix("day.") && !outcome.label.hasPrefix("day.calendar[") {
                #expect(outcome.ok, "\(calendar) \(day.iso) \(outcome)")
            }
            // A number indexes the selection (nil outside it); anything else is a catchable error.
            for outcome in outcomes where outcome.label.hasPrefix("selection[") {
                let key = outcome.label.dropFirst("selection[".count).dropLast()
                let numeric = !(key.hasPrefix("'") || ["{}", "true", "nil"].contains(key))
                #expect(outcome.ok == numeric, "\(calendar) \(day.iso) \(outcome)")
            }
        }
    }

    // MARK: - The bridge and CalendarCore, called directly

    @Test func theBridgeRefusesExtremeComponentsForEveryCalendar() {
        let bridge = PolicyDateBridge()
        let extremes = [Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 62, -(1 << 62), 1_000_000, -1_000_000]
        for calendar in CalendarIdentifier.allCases.map(\.rawValue) {
            for value in extremes {
                for (year, month, day) in [(value, 1, 1), (2026, value, 1), (2026, 1, value)] {
                    for leap in [false, true] {
                        #expect(throws: LuaBridgeError.self, "\(calendar) \(year)-\(month)-\(day)") {
                            _ = try bridge.dayNumber(calendar: calendar, year: year, month: month, day: day,
                                                     isLeapMonth: leap)
                        }
                    }
                }
            }
            for dayNumber in [Int.max, Int.min, Day.supportedRange.upperBound.dayNumber + 1] {
                #expect(throws: LuaBridgeError.self) { _ = try bridge.convert(dayNumber: dayNumber, calendar: calendar) }
            }
        }
    }

    @Test func calendarSystemsRefuseExtremeYearsInEveryEra() {
        let extremes = [Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 62, -(1 << 62)]
        for identifier in CalendarIdentifier.allCases {
            let system = CalendarSystems.system(for: identifier)
            for era in [nil, 0, 1, 235, 236, Int.max, Int.min] as [Int?] {
                for year in extremes {
                    #expect(throws: CalendarError.self, "\(identifier) era \(String(describing: era)) year \(year)") {
                        _ = try system.span(of: CalendarMonth(era: era, year: year, month: 1))
                    }
                    #expect(throws: CalendarError.self) { _ = try system.months(inYear: year, era: era) }
                    #expect(throws: CalendarError.self) { _ = try system.span(ofYear: year, era: era) }
                }
                for month in extremes {
                    #expect(throws: CalendarError.self) {
                        _ = try system.span(of: CalendarMonth(era: era, year: 2026, month: month))
                    }
                }
            }
        }
    }
}
