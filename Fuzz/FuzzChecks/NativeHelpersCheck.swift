import CalendarCore
import PolicyEngine

/// What must hold whatever values a policy hands the native helpers: every call of `cal.fromCalendar`,
/// `cal.convert`, `cal.byYear`, the other `cal` helpers and the day, calendar-date and selection views
/// ends in an answer or an error the policy's `pcall` catches, never a trap (AddressSanitizer, and
/// UBSan in the C shim, watch the rest); what answers is well formed. The input's bytes choose the
/// values (64-bit integers, boundary integers, doubles with NaN and infinities, strings, date
/// strings, table days, calendar names), the calls and their arguments, and the day and calendar
/// asked about; they become the literals of a small policy, loaded and asked once. The same integers
/// then go straight to CalendarCore's public calendar functions.
public enum NativeHelpersCheck {
    static let path = "fuzz-native-helpers.lua"

    public static var options: LuaPolicyOptions {
        var options = LuaPolicyOptions()
        options.instructionBudget = 2_000_000
        options.loadBudget = 2_000_000
        options.memoryLimit = 16 << 20
        options.today = Day(dayNumber: 20_454)
        // Every input is a new text under one name: a cache would write a file per input.
        options.compileCache = nil
        return options
    }

    /// Reads the input front to back; past its end every read is zero.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }

        mutating func byte() -> UInt8 {
            guard index < bytes.count else { return 0 }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func word() -> UInt64 {
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
            return value
        }
    }

    /// Integers where ranges end or arithmetic wraps.
    static let boundaries: [Int] = [
        0, 1, -1, 2, 6, 7, 12, 13, 14, 28, 29, 30, 31, 32, 365, 366, 543, 1911, 1912, 5500, 9999, 10_000,
        -719_162, 2_932_896, 3_652_058, 999_999, 1_000_000, -999_999, -1_000_000, Int(Int32.max), Int(Int32.min),
        1 << 32, -(1 << 32), 1 << 53, -(1 << 53), 1 << 62, -(1 << 62), Int.max, Int.min, Int.max - 1, Int.min + 1,
    ]

    static let calendarNames = CalendarIdentifier.allCases.map(\.rawValue)
        + ["", "no-such-calendar", "Hebrew", "gregorian ", "japanese\u{0}"]

    /// `$1` ... `$4` are values; `CAL` a calendar name chosen by a byte. `expect` says what an answer
    /// must look like: an ISO date, a converted date table, an integer, or anything.
    enum Answer { case iso, converted, integer, any }

    static let helpers: [(String, Answer)] = [
        ("cal.fromCalendar(CAL, $1, $2, $3, $4)", .iso),
        ("cal.fromCalendar(CAL, $1, $2, $3)", .iso),
        ("cal.fromCalendar($1, $2, $3, $4)", .iso),
        ("cal.convert($1, CAL)", .converted),
        ("cal.convert($1, $2)", .converted),
        ("cal.convert(cal.addDays('2026-01-01', $1), CAL)", .converted),
        ("lookup($1)", .any),
        ("lookup({ dayNumber = $1, year = $2 })", .any),
        ("cal.byYear(function(y) return { [$1] = y } end)({ dayNumber = $2, year = $3 })", .any),
        ("cal.addDays($1, $2)", .iso),
        ("cal.addDays(day.iso, $1)", .iso),
        ("cal.dayNumberOf($1)", .integer),
        ("cal.dayNumber($1, $2, $3)", .integer),
        ("cal.fromDayNumber($1)", .integer),
        ("cal.isoOfDayNumber($1)", .iso),
        ("cal.weekdayOfDayNumber($1)", .integer),
        ("cal.daysInMonth($1, $2)", .integer),
        ("cal.isLeapYear($1)", .any),
        ("cal.nthWeekday($1, $2, $3, $4)", .any),
        ("cal.nthWeekdayDayNumber($1, $2, $3, $4)", .any),
        ("cal.easter($1, $2)", .iso),
        ("cal.easterDayNumber($1)", .integer),
        ("cal.observed($1, cal.NEXT_WORKDAY, $2)", .iso),
        ("cal.observedDayNumber($1, cal.rule({ [$2] = $3 }))", .integer),
        ("cal.substitute({ { date = $1, name = $2 }, { $3, 'x' } })", .any),
        ("cal.format($1, $2, $3)", .iso),
        ("cal.parse($1)", .any),
        ("cal.daysBetween($1, $2)", .integer),
        ("cal.weekday($1)", .integer),
        ("cal.isWeekend($1)", .any),
        ("day[$1]", .any),
        ("day.calendar[$1]", .any),
        ("tostring(day.calendar.year) .. tostring(day.calendar.era) .. day.calendar.name", .any),
        ("day.yearDay + day.weekday + day.dayNumber", .integer),
        ("selection[$1]", .any),
        ("selection.contains($1)", .any),
        ("day < $1", .any),
        ("day == $1", .any),
        ("cal.today()", .any),
    ]

    /// A Lua expression for a 64-bit integer (the literal -2^63 would read as a float).
    static func integer(_ value: Int) -> String {
        value == Int.min ? "math.mininteger" : "(\(value))"
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "(0/0)" }
        if value.isInfinite { return value > 0 ? "math.huge" : "(-math.huge)" }
        return "(\(value))"
    }

    static func string(_ bytes: [UInt8]) -> String {
        var text = "\""
        for b in bytes {
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D {
                text.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let digits = String(b)
                text += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }
        }
        return text + "\""
    }

    /// One value, as a Lua expression; integers also go to `ints`. Table days nest one level at
    /// most, so the generated policy never runs into the parser's C-stack limit.
    static func value(_ reader: inout Reader, ints: inout [Int], nested: Bool = false) -> String {
        switch reader.byte() % (nested ? 7 : 9) {
        case 0:
            let v = Int(truncatingIfNeeded: reader.word())
            ints.append(v)
            return integer(v)
        case 1, 2:
            let base = boundaries[Int(reader.byte()) % boundaries.count]
            let delta = Int(Int8(truncatingIfNeeded: reader.byte())) / 16
            let v = base.addingReportingOverflow(delta).partialValue
            ints.append(v)
            return integer(v)
        case 3:
            return number(Double(bitPattern: reader.word()))
        case 4:
            let count = Int(reader.byte() % 24)
            return string((0..<count).map { _ in reader.byte() })
        case 5:
            let v = [Int](repeating: 0, count: 3).map { _ in
                boundaries[Int(reader.byte()) % boundaries.count] &+ Int(reader.byte() % 8)
            }
            return string(Array("\(v[0])-\(v[1])-\(v[2])".utf8))
        case 6:
            return ["nil", "true", "false", "{}", "day", "selection", "cal", "''"][Int(reader.byte() % 8)]
        case 7:
            return "{ dayNumber = \(value(&reader, ints: &ints, nested: true)), "
                + "year = \(value(&reader, ints: &ints, nested: true)) }"
        default:
            return string(Array(calendarNames[Int(reader.byte()) % calendarNames.count].utf8))
        }
    }

    /// The policy an input stands for, the day and calendar to ask about, and its integers.
    public static func policy(_ bytes: UnsafeRawBufferPointer)
        -> (source: String, day: Day, calendar: CalendarIdentifier, ints: [Int])
    {
        var reader = Reader(bytes: bytes)
        let range = Day.supportedRange
        let span = UInt64(range.upperBound.dayNumber - range.lowerBound.dayNumber + 1)
        let day = Day(dayNumber: range.lowerBound.dayNumber + Int(reader.word() % span))
        let calendar = CalendarIdentifier.allCases[Int(reader.byte()) % CalendarIdentifier.allCases.count]
        var ints: [Int] = []
        var values: [String] = []
        for _ in 0..<(1 + Int(reader.byte() % 12)) { values.append(value(&reader, ints: &ints)) }
        var probes: [String] = []
        var answers: [String] = []
        while !reader.isAtEnd && probes.count < 24 {
            let (template, answer) = helpers[Int(reader.byte()) % helpers.count]
            var expression = template.replacingOccurrences(
                of: "CAL", with: string(Array(calendarNames[Int(reader.byte()) % calendarNames.count].utf8)))
            for slot in 1...4 {
                let index = Int(reader.byte()) % values.count
                expression = expression.replacingOccurrences(of: "$\(slot)", with: "V[\(index + 1)]")
            }
            probes.append("  function(day, selection) return \(expression) end,")
            answers.append("\(answer)")
        }
        var source = "local V = {\n"
        for (index, v) in values.enumerated() { source += "  [\(index + 1)] = \(v),\n" }
        source += "}\nlocal lookup = cal.byYear(function(y) return { [cal.dayNumber(y, 7, 4)] = 'july 4' } end)\n"
        source += "local probes = {\n" + probes.joined(separator: "\n") + "\n}\n"
        source += "local answers = { " + answers.map { "'\($0)'" }.joined(separator: ", ") + " }\n"
        source += """
            local function wellFormed(kind, r)
              if kind == "iso" then
                return type(r) == "string" and r:match("^%d%d%d%d%-%d%d%-%d%d$") ~= nil and pcall(cal.dayNumberOf, r)
              elseif kind == "integer" then
                return math.type(r) == "integer"
              elseif kind == "converted" then
                return type(r) == "table" and math.type(r.year) == "integer" and math.type(r.month) == "integer"
                  and math.type(r.day) == "integer" and r.day >= 1 and r.day <= 35
              end
              return true
            end
            function canSelect(day, selection)
              local broken = {}
              for i = 1, #probes do
                local ok, r = pcall(probes[i], day, selection)
                if ok and not wellFormed(answers[i], r) then
                  broken[#broken + 1] = "probe " .. i .. " answered " .. tostring(r)
                elseif not ok and type(r) ~= "string" then
                  broken[#broken + 1] = "probe " .. i .. " raised a " .. type(r)
                end
              end
              if #broken > 0 then return false, ("BROKEN " .. table.concat(broken, "; ")):sub(1, 3000) end
              return true
            end
            """
        return (source, day, calendar, ints)
    }

    /// The broken invariant, or nil.
    public static func problem(_ bytes: UnsafeRawBufferPointer) -> String? {
        let (source, day, calendar, ints) = policy(bytes)
        if let problem = calendarProblem(ints) { return problem }
        let policy: LuaPolicy
        do {
            policy = try LuaPolicy(path: path, source: Array(source.utf8), options: options)
        } catch {
            // The generated policy always compiles: any other failure at load is a harness bug.
            if error.kind == .budget || error.kind == .memory { return PolicyLoadCheck.check(error) }
            return "the generated policy did not load: \(error)\n\(source)"
        }
        let context = PolicyContext(calendar: CalendarSystems.system(for: calendar), today: Day(dayNumber: 20_454),
                                    selection: [Day.supportedRange.lowerBound, day, Day.supportedRange.upperBound])
        do {
            if case .denied(let reason?) = try policy.canSelect(day, context: context), reason.hasPrefix("BROKEN") {
                return "\(reason)\n\(source)"
            }
        } catch let error as PolicyError {
            // Budget and memory limits end a call on purpose; anything else escaped a pcall.
            if error.kind != .budget && error.kind != .memory {
                return "a helper's error escaped pcall: \(error)\n\(source)"
            }
            if let problem = PolicyLoadCheck.check(error) { return problem }
        } catch {
            return "canSelect threw something other than PolicyError: \(error)"
        }
        return nil
    }

    /// The input's integers as years, months, eras and days of every calendar's public functions:
    /// each answers or throws, and a month it answers is a month long and near 0001...9999 (a
    /// calendar's first and last supported years may reach a little past it).
    static func calendarProblem(_ ints: [Int]) -> String? {
        guard !ints.isEmpty else { return nil }
        func at(_ i: Int) -> Int { ints[i % ints.count] }
        for identifier in CalendarIdentifier.allCases {
            let system = CalendarSystems.system(for: identifier)
            for era in [nil, at(2)] as [Int?] {
                let month = CalendarMonth(era: era, year: at(0), month: at(1), isLeapMonth: at(3) & 1 == 1)
                if let span = try? system.span(of: month) {
                    let near = Day.supportedRange.lowerBound.adding(days: -400)...Day.supportedRange.upperBound.adding(days: 400)
                    guard near.contains(span.first), near.contains(span.last), (1...60).contains(span.count) else {
                        return "\(identifier) span(of: \(month)) = \(span.first.iso)...\(span.last.iso)"
                    }
                }
                _ = try? system.months(inYear: at(0), era: era)
                _ = try? system.span(ofYear: at(0), era: era)
            }
            _ = try? CalendarMonth.parse("\(at(0))-\(at(1))", calendar: identifier)
            _ = try? CalendarMonth.parse("\(at(2)):\(at(0))-\(at(1))L", calendar: identifier)
        }
        return nil
    }
}
