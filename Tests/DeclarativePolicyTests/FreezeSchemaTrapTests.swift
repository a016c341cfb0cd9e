import CalendarCore
@testable import DeclarativePolicy
import Testing

/// YAML 1.1's implicit types and YAML's expanding features, each a trap for a freeze: a wall
/// time read as a number of minutes, `NO` read as false, an octal, a date read as a timestamp,
/// an alias bomb, a file far larger than a policy, a tag naming a language's object.
struct FreezeSchemaTrapTests {
    func read(_ text: String) throws(DeclarativeProblem) -> Freeze { try FreezeSchema.read(Array(text.utf8)) }

    func problem(_ text: String) -> DeclarativeProblem? {
        do { _ = try read(text); return nil } catch { return error }
    }

    @Test func aWallTimeStaysAWallTime() throws {
        // YAML 1.1 reads 15:00 as the sexagesimal 900.
        let freeze = try read("weekly:\n  - days: [fri]\n    from: 15:00\n    to: 24:00\n")
        #expect(freeze.weekly[0].from == 900)
        #expect(freeze.weekly[0].to == 1440)
        // Two digits each, as cal.closed reads them.
        #expect(problem("weekly:\n  - days: [fri]\n    from: 9:00\n")?.message == "must be a wall time HH:MM, got '9:00'")
    }

    @Test func noIsTextNotFalse() throws {
        // Norway's code: YAML 1.1 reads NO as false.
        let freeze = try read("holidays: [NO]\n")
        #expect(freeze.holidays[0].place == "NO")
        let reason = try read("dates:\n  - date: 2026-05-17\n    reason: NO\n")
        #expect(reason.dates[0].reason == "NO")
        // ...and where the schema wants a boolean, only true and false are one.
        let refused = problem("holidays:\n  - place: US\n    dayBefore: NO\n")
        #expect(refused?.field == "holidays[0].dayBefore")
        #expect(refused?.message == "must be true or false, got 'NO'")
        #expect(problem("holidays:\n  - place: US\n    dayBefore: yes\n")?.message == "must be true or false, got 'yes'")
        #expect(problem(#"{"holidays": [{"place": "US", "dayBefore": "true"}]}"#)?.message
            == "must be true or false, unquoted, got 'true'")
    }

    @Test func anOctalLookingValueStaysItsText() throws {
        let freeze = try read("name: 0755\ndates: [2026-12-24]\n")
        #expect(freeze.name == "0755")
        let version = try read("version: 1.10\ndates: [2026-12-24]\n")
        #expect(version.version == "1.10")
        #expect(problem("overridable:\n  maxHours: 0755\ndates: [2026-12-24]\n")?.message
            == "must be a whole number, 1 to 87840, got '0755'")
    }

    @Test func aDateStaysADate() throws {
        let freeze = try read("dates:\n  - 2026-12-24\n  - date: '2026-12-31'\n    reason: year end\n")
        #expect(freeze.dates.map(\.day.iso) == ["2026-12-24", "2026-12-31"])
        #expect(try read("name: 2026-12-24\ndates: [2026-12-24]\n").name == "2026-12-24")
        #expect(problem("dates: [2026-02-30]\n")?.message == "must be a date YYYY-MM-DD, got '2026-02-30'")
    }

    @Test func aliasesAndAnchorsAreRefused() {
        let bomb = """
        a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]
        """
        let found = problem(bomb)
        #expect(found?.message == "anchors (&name) are not allowed")
        #expect(found?.mark == SourceMark(line: 1, column: 4))
        #expect(problem("dates: [*x]\n")?.message.hasPrefix("aliases") == true
            || problem("dates: [*x]\n") != nil)
    }

    @Test func aTenMegabyteFileIsRefusedByItsSize() {
        let big = Array(repeating: UInt8(ascii: "#"), count: 10 << 20)
        var message: String?
        do { _ = try FreezeSchema.read(big) } catch { message = error.message }
        #expect(message == "file is 10485760 bytes; a declarative policy is at most 1048576")
    }

    @Test func aLongListAndAManyKeyedMappingRead() throws {
        // Each item is appended in place (an earlier reader copied the list per item).
        let freeze = try read("dates: [" + Array(repeating: "2026-12-24", count: 50_000).joined(separator: ",") + "]\n")
        #expect(freeze.dates.count == 50_000)
        let keys = (0..<40_000).map { "k\($0): 1\n" }.joined()
        #expect(problem(keys)?.description == "k0: unknown key (keys: name, description, version, zone, scope, overridable, "
            + "closed, weekly, holidays, dates, decorations)")
        #expect(problem("dates: [" + Array(repeating: "1", count: 100_001).joined(separator: ",") + "]\n")?.message
            == "more than 100000 values")
    }

    @Test func tagsAreRefused() {
        let found = problem("name: !!python/object:os.system ls\ndates: [2026-12-24]\n")
        #expect(found?.message == "tags (tag:yaml.org,2002:python/object:os.system) are not allowed")
        #expect(found?.mark?.line == 1)
        #expect(problem("dates: !!seq [2026-12-24]\n")?.message.hasPrefix("tags") == true)
        #expect(problem("dates: [!custom 2026-12-24]\n")?.message.hasPrefix("tags") == true)
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(problem("dates: " + deep + "\n")?.message == "nested more than 32 levels deep")
    }

    @Test func anUnknownKeyNamesItsPlaceAndTheNearestKey() {
        let found = problem("zone: Europe/Berlin\nclosed:\n  - from: 2026-12-24T15:00\n    form: x\n")
        #expect(found?.description == "closed[0].form: unknown key; did you mean 'from'?")
        #expect(found?.mark == SourceMark(line: 4, column: 5))
        #expect(problem("wekly: []\n")?.description == "wekly: unknown key; did you mean 'weekly'?")
    }

    @Test func jsonReadsTheSame() throws {
        let freeze = try read(#"{"zone": "Europe/Berlin", "weekly": [{"days": ["sat", "sun"], "from": "00:00", "to": "24:00"}]}"#)
        #expect(freeze.weekly[0].weekdays == [1, 7])
        #expect(freeze.zoneName == "Europe/Berlin")
    }

    @Test func instantsBecomeTheZonesWallTime() throws {
        let freeze = try read("zone: Europe/Berlin\nclosed:\n  - from: 2026-12-24T14:00:00Z\n    to: 2026-12-27T00:00\n")
        #expect(freeze.closed[0].from == Freeze.WallMoment(day: try Day(iso: "2026-12-24"), minute: 15 * 60))
        #expect(problem("closed:\n  - from: 2026-12-24T14:00:00Z\n    to: 2026-12-27T00:00\n")?.field == "closed[0].from")
    }
}
