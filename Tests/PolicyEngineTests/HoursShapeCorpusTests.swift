import CalendarCore
import Testing
@testable import PolicyEngine

/// A generated corpus of `hoursFor` answers, each run through the real Lua engine: every shape
/// the engine accepts must answer exactly the intervals it says, in order, and every other
/// shape (extra keys, mixed list/interval tables, nesting past one level, wrong types, numbers
/// as strings or floats, from >= to, metatables, more than one value) must be the policy's
/// type error, never a reading that leaves closed time open.
@Suite struct HoursShapeCorpusTests {
    /// A Lua expression and what it means: the closed intervals, or nil when it is malformed.
    struct Shape {
        var lua: String
        var hours: [ClosedHours]?
    }

    static func valid(_ lua: String, _ hours: [ClosedHours]) -> Shape { Shape(lua: lua, hours: hours) }
    static func invalid(_ lua: String) -> Shape { Shape(lua: lua, hours: nil) }

    /// Single intervals, well-formed and not.
    static let intervals: [Shape] = {
        var out: [Shape] = []
        for (from, to) in [(0, 60), (0, 1440), (720, 780), (1439, 1440), (15, 16)] {
            out.append(valid("{ from = \(from), to = \(to) }", [ClosedHours(from: from, to: to)]))
            out.append(valid("{ to = \(to), reason = 'r\(from)', from = \(from) }",
                             [ClosedHours(from: from, to: to, reason: "r\(from)")]))
            out.append(valid("cal.closed('\(ClosedHours.wall(from))', '\(ClosedHours.wall(to))', 'c')",
                             [ClosedHours(from: from, to: to, reason: "c")]))
            out.append(valid("{ from = \(from), to = \(to), reason = nil }", [ClosedHours(from: from, to: to)]))
        }
        out += [
            "{ from = 60, to = 60 }", "{ from = 61, to = 60 }", "{ from = -1, to = 60 }", "{ from = 0, to = 1441 }",
            "{ from = 1440, to = 1440 }", "{ from = '0', to = 60 }", "{ from = 0, to = '60' }",
            "{ from = 0.0, to = 60 }", "{ from = 0, to = 60.0 }", "{ from = 0, to = 60.5 }", "{ from = true, to = 60 }",
            "{ from = 0, to = 2^40 }", "{ from = 0 }", "{ from = 0, to = 60, reason = 7 }",
            "{ from = 0, to = 60, reason = true }", "{ from = 0, to = 60, reason = {} }",
            "{ from = 0, to = 60, [1] = cal.closed('00:00', '24:00', 'all day') }",
            "{ from = 720, to = 780, [1] = { from = 0, to = 1440 } }", "{ from = 0, to = 60, [1] = true }",
            "{ from = 0, to = 60, x = 1 }", "{ from = 0, to = 60, From = 0 }", "{ from = 0, to = 60, reasons = 'r' }",
            "{ from = 0, to = 60, [2] = 1 }", "{ from = 0, to = 60, [0.5] = 1 }",
            "setmetatable({ from = 0, to = 60 }, {})",
            "setmetatable({ from = 0 }, { __index = { to = 60 } })",
            "{ to = 60, reason = 'r' }", "{ to = 60 }",
            "{ from = 0, to = 60, cal.closed('00:00', '24:00') }",
        ].map(invalid)
        return out
    }()

    /// What a list holds: intervals, one level of lists of intervals (as cal.openOnly makes), and
    /// things it must not.
    static let items: [Shape] = {
        let someValid = intervals.filter { $0.hours != nil }
        let someInvalid = intervals.filter { $0.hours == nil }
        var out = intervals
        out.append(valid("cal.openOnly('08:00', '18:00', 'o')",
                         [ClosedHours(from: 0, to: 480, reason: "o"), ClosedHours(from: 1080, to: 1440, reason: "o")]))
        out.append(valid("cal.openOnly('00:00', '24:00')", []))
        out.append(valid("{}", []))
        for index in stride(from: 0, to: someValid.count - 1, by: 3) {
            let a = someValid[index], b = someValid[index + 1]
            out.append(valid("{ \(a.lua), \(b.lua) }", a.hours! + b.hours!))
            out.append(invalid("{ { \(a.lua) } }"))
            out.append(invalid("{ \(a.lua), from = 0, to = 60 }"))
            out.append(invalid("{ \(a.lua), reason = 'r' }"))
            out.append(invalid("{ \(a.lua), name = \(b.lua) }"))
            out.append(invalid("{ \(a.lua), cal.openOnly('08:00', '18:00') }"))
            out.append(invalid("setmetatable({ \(a.lua) }, {})"))
        }
        for (index, bad) in someInvalid.enumerated() {
            out.append(invalid("{ \(someValid[index % someValid.count].lua), \(bad.lua) }"))
        }
        out += ["true", "42", "'08:00'", "function() end", "{ 1, 2 }", "{ [1] = { from = 0, to = 60 }, [3] = { from = 60, to = 120 } }"]
            .map(invalid)
        return out
    }()

    /// Whole answers (the body of `hoursFor`).
    static let answers: [Shape] = {
        var out: [Shape] = [valid("return", []), valid("return nil", []), valid("return {}", [])]
        out += ["return false", "return 0", "return 'closed'", "return true",
                "return { from = 0, to = 60 }, { from = 60, to = 120 }", "return {}, nil", "return nil, 'x'"].map(invalid)
        for shape in intervals { out.append(Shape(lua: "return " + shape.lua, hours: shape.hours)) }
        for item in items { out.append(Shape(lua: "return { \(item.lua) }", hours: item.hours)) }
        // Pairs and triples of items, picked by a fixed generator so the corpus is the same each run.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let validItems = items.filter { $0.hours != nil }
        for round in 0..<400 {
            // Two rounds in three from well-formed items only, so both kinds of list are many.
            let pool = round % 3 == 0 ? items : validItems
            let picked = (0..<(2 + round % 2)).map { _ in pool[next(pool.count)] }
            let hours: [ClosedHours]? = picked.allSatisfy { $0.hours != nil } ? picked.flatMap { $0.hours! } : nil
            let list = picked.map(\.lua).joined(separator: ", ")
            out.append(Shape(lua: "return { \(list) }", hours: hours))
            // The same list with something a list must not hold beside its items.
            let extra = ["from = 0", "to = 1440", "reason = 'r'", "from = 0, to = 1440", "[\(picked.count + 2)] = \(picked[0].lua)",
                         "x = true", "[0] = \(picked[0].lua)"][round % 7]
            out.append(invalid("return { \(list), \(extra) }"))
        }
        return out
    }()

    @Test func everyShapeAnswersWhatItSaysOrIsATypeError() throws {
        let corpus = Self.answers
        #expect(corpus.count > 900)
        #expect(corpus.filter { $0.hours == nil }.count > 400 && corpus.filter { $0.hours != nil }.count > 100, "\(corpus.filter { $0.hours != nil }.count) valid")
        // One policy holds the corpus: case i answers the day i days after the base day.
        var source = "local cases = {\n"
        for shape in corpus { source += "  function() \(shape.lua) end,\n" }
        source += "}\nreturn { zone = 'UTC', hoursFor = function(day) return cases[day.dayNumber - BASE]() end }\n"
        let base = try Day(iso: "2026-01-01")
        source = source.replacingOccurrences(of: "BASE", with: String(base.dayNumber - 1))
        let policy = try PolicyFixture().load(source)
        var failures: [String] = []
        for (index, shape) in corpus.enumerated() {
            let day = base.adding(days: index)
            do {
                let hours = try policy.closedHours(for: day, context: PolicyContext())
                if shape.hours == nil {
                    failures.append("accepted \(shape.lua) as \(hours)")
                } else if hours != shape.hours {
                    failures.append("misread \(shape.lua): \(hours), expected \(shape.hours!)")
                }
            } catch let error as PolicyError {
                if shape.hours != nil {
                    failures.append("refused \(shape.lua): \(error.message)")
                } else if error.function != "hoursFor" || !(error.kind == .type || error.kind == .runtime) {
                    failures.append("\(shape.lua): not hoursFor's error: \(error)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(corpus.count):\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// The three shapes the attack round found open at noon, as whole gates: closed at 12:00.
    @Test(arguments: [
        "return { from = 0, to = 60, [1] = cal.closed('00:00', '24:00', 'all day') }",
        "return { cal.closed('00:00', '24:00', 'all day'), from = 0, to = 60, reason = 'night' }",
        "return { { from = 0, to = 60, [1] = cal.closed('00:00', '24:00', 'all day') } }",
    ])
    func theAttackShapesNeverOpenTheGate(body: String) throws {
        let policy = try PolicyFixture().load("return { zone = 'UTC', hoursFor = function(day) \(body) end }")
        let timeline = HoursTimeline(stack: PolicyStack([policy]), zone: .utc, context: PolicyContext())
        let noon = Int64(try Day(iso: "2026-12-04").dayNumber) * 86_400 + 43_200
        #expect(throws: PolicyError.self) { _ = try timeline.state(at: noon) }
    }
}
