import Foundation
import Testing

/// `overlay --stack NAME=POLICY[,POLICY] ...`: several stacks on one calendar, and the first day
/// every stack allows (OverlayUseCaseTests checks that day against a day-by-day scan).
@Suite struct OverlayEndToEndTests {
    let offices = ["--stack", "de=holidays:DE-BE,weekends:DE", "--stack", "in=holidays:IN,weekends:IN",
                   "--stack", "jp=holidays:JP,weekends:JP", "--today", "2026-12-01"]

    @Test func oneCalendarWithAMarkPerStackAndItsKey() throws {
        let result = try CalpolicyBinary.run(["overlay"] + offices + ["--month", "2026-12"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "2026-12-01 Tue – 2026-12-31 Thu  stacks: de in jp")
        #expect(lines.contains("20 xxx 21 ooo 22 ooo 23 ooo 24 ooo 25 xxo 26 xxx"))
        #expect(lines.contains("o open, x closed; one mark a stack, in the order de in jp"))
        #expect(lines.contains { $0.hasPrefix("2026-12-25 Fri  de: Christmas Day") && $0.contains("in: Christmas (holidays:IN)") })
        #expect(lines.last == "open in every stack: 22 of 31 days")
    }

    @Test func nextCommonOpenAndJSON() throws {
        let text = try CalpolicyBinary.run(["overlay"] + offices + ["--next-common-open", "2026-12-25"])
        #expect(text.status == 0)
        #expect(text.stdout == "2026-12-28\n")
        let json = try CalpolicyBinary.run(["overlay"] + offices + ["--next-common-open", "2026-12-25", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(object["nextCommonOpen"] as? String == "2026-12-28")
        #expect(object["from"] as? String == "2026-12-25")
    }

    @Test func noCommonDayExitsOneNamingTheSearch() throws {
        let result = try CalpolicyBinary.run(["overlay", "--stack", "a=holidays:DE-BE", "--stack", "b=weekends:DE",
                                              "--include", "weekends", "--next-common-open", "2026-12-24"])
        #expect(result.status == 1)
        #expect(result.stderr == "calpolicy: overlay: no day every stack allows within 10 years of 2026-12-24\n")
    }

    @Test func helpShowsNoPositionals() throws {
        let result = try CalpolicyBinary.run(["overlay", "--help"])
        #expect(result.stdout.contains("USAGE: calpolicy overlay [options]\n"))
    }

    @Test func badStacksAreUsageErrors() throws {
        for (arguments, message) in [
            (["--month", "2026-12"], "missing required option '--stack <NAME=POLICY[,POLICY]>'"),
            (["--stack", "de"], "expected NAME=POLICY[,POLICY]"),
            (["--stack", "de=holidays:DE-BE", "--stack", "de=weekends:DE"], "stack 'de' is given twice"),
            (["--stack", "de=holidays:DE-BE,"], "no empty policy"),
            (["--stack", "de=holidays:DE-BE", "--next-common-open", "2026-12-01", "--month", "2026-12"], "--next-common-open"),
        ] {
            let result = try CalpolicyBinary.run(["overlay"] + arguments + ["--today", "2026-12-01"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
