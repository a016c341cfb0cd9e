import Foundation
import Testing

/// Never fail open past what a policy knows: past its declared `coverage`, or past the holiday
/// data it read through `cal.holidays` (at load or inside a function), `gate` is closed naming the
/// policy and the day the data ends, `export` refuses to reach past it, and `check --horizon`
/// sees it. Also the DST and deploy-hours cases of the hours reader, end to end.
@Suite struct DataHorizonEndToEndTests {
    /// A release table planned through 2026, open on every day it knows.
    static let covered = """
        return { coverage = { to = "2026-12-31" }, canSelect = function(day) return true end }
        """
    /// Reads India's holidays at load (data through 2035) and asks :covers first, so past the
    /// data its own answer would be "allowed".
    static let readsAtLoad = """
        local IN = cal.holidays("IN")
        return { canSelect = function(day)
          if not IN:covers(day) then return true end
          return #IN:on(day) == 0, "Indian public holiday"
        end }
        """
    /// Reads India's holidays only when asked, and asks :covers first.
    static let readsWhenAsked = """
        return { canSelect = function(day)
          local IN = cal.holidays("IN")
          if not IN:covers(day) then return true end
          return #IN:on(day) == 0, "Indian public holiday"
        end }
        """
    /// Reads India's holidays only when asked, and :on raises past the data.
    static let raisesPastData = """
        return { canSelect = function(day) return #cal.holidays("IN"):on(day) == 0, "Indian public holiday" end }
        """

    static func source(_ name: String) -> String {
        ["at-load.lua": readsAtLoad, "when-asked.lua": readsWhenAsked, "raises.lua": raisesPastData][name] ?? covered
    }

    @Test func gatePastADeclaredCoverageIsClosedNamingThePolicyAndTheEnd() throws {
        let files = try TemporaryFiles()
        let path = try files.write("release.lua", Self.covered)
        let past = try CalpolicyBinary.run(["gate", path, "--at", "2027-01-04T10:00:00Z"])
        #expect(past.status == 1, "\(past.stdout)\(past.stderr)")
        #expect(past.stdout.contains("release.lua: no data for 2027-01-04 (its coverage ends 2026-12-31)"), "\(past.stdout)")
        let within = try CalpolicyBinary.run(["gate", path, "--at", "2026-12-15T10:00:00Z"])
        #expect(within.status == 0, "\(within.stdout)\(within.stderr)")
        #expect(within.stdout == "open until 2027-01-01T00:00:00+00:00 (then closed)\n")
    }

    @Test(arguments: ["at-load.lua", "when-asked.lua", "raises.lua"])
    func gatePastHolidayDataReadInLuaIsClosed(name: String) throws {
        let files = try TemporaryFiles()
        let path = try files.write(name, Self.source(name))
        for at in ["2036-03-02T10:00:00Z", "2036-01-01T00:00:00Z", "2040-07-01T12:00:00Z"] {
            let past = try CalpolicyBinary.run(["gate", path, "--at", at, "--format", "json"])
            #expect(past.status == 1, "\(at): \(past.stdout)\(past.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(past.stdout.utf8)) as? [String: Any] ?? [:]
            #expect(object["open"] as? Bool == false)
            let reason = object["reason"] as? String ?? ""
            #expect(reason.contains(name) && reason.contains("holidays:IN") && reason.contains("ends 2035-12-31"), "\(reason)")
        }
        let within = try CalpolicyBinary.run(["gate", path, "--at", "2035-03-02T10:00:00Z"])
        #expect(within.status == 0, "\(within.stdout)\(within.stderr)")
    }

    @Test func exportRefusesToWriteWindowsPastThePolicysData() throws {
        let files = try TemporaryFiles()
        for (name, source, last) in [("release.lua", Self.covered, "2026-12-31"), ("at-load.lua", Self.readsAtLoad, "2035-12-31"),
                                     ("when-asked.lua", Self.readsWhenAsked, "2035-12-31"),
                                     ("raises.lua", Self.raisesPastData, "2035-12-31")] {
            let path = try files.write(name, source)
            let year = Int(last.prefix(4))!
            for target in ["argocd-sync-windows", "gitlab-freeze-periods"] {
                let past = try CalpolicyBinary.run(["export", target, path, "--from", "\(year)-06-01", "--to", "\(year + 1)-03-31"])
                #expect(past.status != 0, "\(name) \(target): \(past.stdout)")
                #expect(past.stdout.isEmpty)
                #expect(past.stderrLines.count == 1, "\(past.stderr)")
                #expect(past.stderr.hasPrefix("calpolicy: ") && past.stderr.contains(name) && past.stderr.contains("ends \(last)"),
                        "\(past.stderr)")
                let within = try CalpolicyBinary.run(["export", target, path, "--from", "\(year)-06-01", "--to", last])
                #expect(within.status == 0, "\(name) \(target): \(within.stderr)")
            }
        }
    }

    @Test func checkHorizonSeesHolidayDataReadInsideLua() throws {
        let files = try TemporaryFiles()
        for (name, source) in [("at-load.lua", Self.readsAtLoad), ("when-asked.lua", Self.readsWhenAsked)] {
            let path = try files.write(name, source)
            let short = try CalpolicyBinary.run(["check", path, "--horizon", "2040-12-31"])
            #expect(short.status == 1, "\(name): \(short.stdout)\(short.stderr)")
            #expect(short.stdout.contains("\(path): the holiday data it reads (holidays:IN"), "\(short.stdout)")
            #expect(short.stdout.contains("ends 2035-12-31, before the horizon 2040-12-31"), "\(short.stdout)")
            let reaches = try CalpolicyBinary.run(["check", path, "--horizon", "2035-12-31"])
            #expect(reaches.status == 0, "\(name): \(reaches.stdout)\(reaches.stderr)")
        }
    }

    /// cal.closed("02:30", "03:30") on Berlin's spring-forward day: 03:15 is closed, and the
    /// export of that day holds the half hour from the transition.
    @Test func aWindowStartingInTheSkippedHourIsClosedAndExported() throws {
        let files = try TemporaryFiles()
        let path = try files.write("night.lua", """
            return { zone = "Europe/Berlin", hoursFor = function(day)
              if day.iso == "2026-03-29" then return { cal.closed("02:30", "03:30", "night work") } end
            end }
            """)
        let gate = try CalpolicyBinary.run(["gate", path, "--at", "2026-03-29T03:15:00+02:00", "--time-zone", "Europe/Berlin"])
        #expect(gate.status == 1)
        #expect(gate.stdout.hasPrefix("closed until 2026-03-29T03:30:00+02:00 — night work"), "\(gate.stdout)")
        let export = try CalpolicyBinary.run(["export", "argocd-sync-windows", path, "--from", "2026-03-29", "--to", "2026-03-29",
                                              "--time-zone", "Europe/Berlin"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("  schedule: \"0 1 29 3 *\"\n  duration: 30m\n"), "\(export.stdout)")
    }

    /// examples/deploy-hours.lua: deploys only 08:00–18:00 on weekdays, until 15:00 on Fridays
    /// and until noon on Christmas Eve; the early hours of those days are closed too.
    @Test(arguments: [
        ("2026-12-11T03:00:00+01:00", false), ("2026-12-11T07:59:00+01:00", false), ("2026-12-11T08:00:00+01:00", true),
        ("2026-12-11T14:59:00+01:00", true), ("2026-12-11T15:00:00+01:00", false),
        ("2026-12-24T03:00:00+01:00", false), ("2026-12-24T09:00:00+01:00", true), ("2026-12-24T12:00:00+01:00", false),
        ("2026-12-15T03:00:00+01:00", false), ("2026-12-15T09:00:00+01:00", true), ("2026-12-15T18:00:00+01:00", false),
        ("2026-12-12T10:00:00+01:00", false), ("2026-12-13T10:00:00+01:00", false),
    ])
    func deployHoursExampleOpensOnlyInDeployHours(at: String, open: Bool) throws {
        let hours = CalpolicyBinary.packageRoot.appendingPathComponent("examples/deploy-hours.lua").path
        let result = try CalpolicyBinary.run(["gate", hours, "--at", at, "--time-zone", "Europe/Berlin"])
        #expect(result.status == (open ? 0 : 1), "\(at): \(result.stdout)\(result.stderr)")
    }
}
