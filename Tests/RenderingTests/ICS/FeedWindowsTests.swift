import CalendarCore
import Testing
@testable import Rendering

@Suite struct FeedWindowsTests {
    /// A layer from one character per day: `.` nothing, `d` denied with `reason`, `l` decorated
    /// with `label`, `b` both.
    private func layer(_ policy: String, _ pattern: String, reason: String = "r", label: String = "L") -> FeedReport.Layer {
        FeedReport.Layer(policy: policy, answers: pattern.map { mark in
            switch mark {
            case "d": DayAnswers(select: .denied(reason: reason))
            case "l": DayAnswers(decoration: Decoration(label: label))
            case "b": DayAnswers(select: .denied(reason: reason), decoration: Decoration(label: label))
            default: DayAnswers()
            }
        })
    }

    private func report(_ layers: [FeedReport.Layer], from iso: String = "2026-12-18") throws -> FeedReport {
        let first = try Day(iso: iso)
        return FeedReport(span: DaySpan(first, first.adding(days: layers[0].answers.count - 1)),
                          today: try Day(iso: "2026-12-01"), layers: layers)
    }

    @Test func aFreezeAcrossAWeekendAndAHolidayIsOneWindowWithTheOtherLayersInItsDescription() throws {
        // Fri 18 … Mon 4 Jan: weekends deny first on their days, the freeze runs on under them.
        let windows = try report([
            layer("weekends.lua", ".dd.....dd.....dd", reason: "weekend"),
            layer("holidays.lua", ".......l......l..", label: "Holiday"),
            layer("freeze.lua", "bbbbbbbbbbbbbbbbb", reason: "change freeze", label: "Year-end change freeze"),
        ]).windows
        let freeze = windows.filter { $0.policy == "freeze.lua" }
        #expect(freeze.count == 1)
        #expect(freeze[0].first.iso == "2026-12-18" && freeze[0].last.iso == "2027-01-03")
        #expect(freeze[0].summary == "Year-end change freeze")
        #expect(freeze[0].description == """
            Not selectable: change freeze (freeze.lua)
            Decorated: Year-end change freeze (freeze.lua)
            Also: weekend (weekends.lua): 2026-12-19 – 2026-12-20
            Also: Holiday (holidays.lua): 2026-12-25
            Also: weekend (weekends.lua): 2026-12-26 – 2026-12-27
            Also: Holiday (holidays.lua): 2027-01-01
            Also: weekend (weekends.lua): 2027-01-02 – 2027-01-03
            """)
        #expect(windows.filter { $0.policy == "weekends.lua" }.count == 3)
        #expect(windows.map(\.first) == windows.map(\.first).sorted(), "in day order")
    }

    @Test func aChangedReasonOrKindStartsANewWindowOfThatPolicy() throws {
        let windows = try report([
            FeedReport.Layer(policy: "p.lua", answers: [
                DayAnswers(select: .denied(reason: "a")), DayAnswers(select: .denied(reason: "b")),
                DayAnswers(select: .denied(reason: "b")), DayAnswers(select: .denied(reason: "b"), decoration: Decoration(label: "b")),
                DayAnswers(), DayAnswers(select: .denied(reason: "b")),
            ]),
        ]).windows
        #expect(windows.map(\.summary) == ["a", "b", "b", "b"])
        #expect(windows.map { $0.first.distance(to: $0.last) + 1 } == [1, 2, 1, 1])
    }

    @Test func uidsSurviveAWindowGrowingOrShrinkingAndDifferByOrdinalPolicyAndSummary() throws {
        let short = try report([layer("f.lua", "..dd...d", reason: "Freeze")]).windows
        let grown = try report([layer("f.lua", ".dddd..d", reason: "Freeze")]).windows
        let shrunk = try report([layer("f.lua", "...d...d", reason: "Freeze")]).windows
        #expect(short.map(\.uid) == grown.map(\.uid) && short.map(\.uid) == shrunk.map(\.uid))
        #expect(short[0].uid != short[1].uid, "the second window of the year has its own ordinal")
        #expect(short[0].uid.hasPrefix("2026-") && short[0].uid.hasSuffix("@calpolicy"))
        let moved = try report([layer("g.lua", "..dd...d", reason: "Freeze")]).windows
        #expect(moved[0].uid != short[0].uid)
        let renamed = try report([layer("f.lua", "..dd...d", reason: "Thaw")]).windows
        #expect(renamed[0].uid != short[0].uid)
        // Starting in the next year is another window.
        let later = try report([layer("f.lua", "..dd...d", reason: "Freeze")], from: "2027-12-18").windows
        #expect(later[0].uid.hasPrefix("2027-") && later[0].uid != short[0].uid)
    }

    @Test func filtersKeepExactlyTheWindowsTheyName() throws {
        let windows = try report([
            layer("weekends:AE", ".dd....", reason: "weekend"),
            layer("change-freeze.lua", "bbbb...", label: "Freeze"),
            layer("payday.lua", "...l...", label: "Payday"),
        ]).windows
        func kept(_ filter: FeedFilter) -> [String] { windows.filter(filter.admits).map(\.policy) }
        #expect(kept(FeedFilter()) == ["change-freeze.lua", "weekends:AE", "payday.lua"])
        #expect(kept(FeedFilter(only: .denied)) == ["change-freeze.lua", "weekends:AE"])
        #expect(kept(FeedFilter(only: .decorated)) == ["change-freeze.lua", "payday.lua"])
        #expect(kept(FeedFilter(policies: ["change-freeze"])) == ["change-freeze.lua"])
        #expect(kept(FeedFilter(excluded: ["weekends"])) == ["change-freeze.lua", "payday.lua"])
        #expect(kept(FeedFilter(only: .denied, excluded: ["weekends:AE"])) == ["change-freeze.lua"])
        #expect(FeedFilter.matches("payday.lua", policy: "payday.lua"))
        #expect(!FeedFilter.matches("pay", policy: "payday.lua"))
        #expect(!FeedFilter.matches("AE", policy: "weekends:AE"))
    }

    @Test func theDocumentIsNamedColouredRefreshedAndCRLFWithAnExclusiveEnd() throws {
        let feed = FeedReport(span: DaySpan(try Day(iso: "2026-12-31"), try Day(iso: "2027-01-01")),
                              today: try Day(iso: "2026-12-01"),
                              layers: [layer("p.lua", "dd", reason: "a;b,c\\d\ne")])
        let buffer = DocumentBuffer()
        EvalICSRenderer.render(feed, name: "Team, ops", to: buffer)
        let text = buffer.text
        let bytes = Array(text.utf8)
        #expect(bytes.indices.allSatisfy { bytes[$0] != 0x0A || ($0 > 0 && bytes[$0 - 1] == 0x0D) },
                "every line ends with CRLF")
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        for line in [#"X-WR-CALNAME:Team\, ops"#, #"NAME:Team\, ops"#, "COLOR:steelblue",
                     "REFRESH-INTERVAL;VALUE=DURATION:PT12H", "DTSTAMP:20261201T000000Z",
                     "DTSTART;VALUE=DATE:20261231", "DTEND;VALUE=DATE:20270102", #"SUMMARY:a\;b\,c\\d\ne"#,
                     "COLOR:firebrick", "X-CALPOLICY-POLICY:p.lua", "CATEGORIES:denied"] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
    }
}
