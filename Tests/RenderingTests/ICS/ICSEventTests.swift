import CalendarCore
import Testing
@testable import Rendering

@Suite struct ICSEventTests {
    private func evaluation(_ iso: String, denied: String? = nil, by policy: String = "p.lua",
                            label: String? = nil, decoratedBy decorator: String = "p.lua") throws -> DayEvaluation {
        let day = try Day(iso: iso)
        let select = denied.map { PolicyStack.Decision(verdict: .denied(reason: $0), policy: policy, policyIndex: 0) }
            ?? .allowed
        return DayEvaluation(day: day, date: GregorianCalendarSystem().date(of: day), select: select,
                             deselect: .allowed, decoration: label.map { Decoration(label: $0) },
                             decorationPolicy: label == nil ? nil : decorator)
    }

    @Test func consecutiveDaysWithOneOutcomeAreOneEvent() throws {
        let days = [
            try evaluation("2026-12-24", denied: "freeze"), try evaluation("2026-12-25", denied: "freeze"),
            try evaluation("2026-12-26", denied: "freeze"), try evaluation("2026-12-27"),
            try evaluation("2026-12-28", denied: "freeze"),
        ]
        let events = ICSEvent.events(days)
        #expect(events.count == 2)
        let (first, last) = (try Day(iso: "2026-12-24"), try Day(iso: "2026-12-26"))
        #expect(events[0].first == first && events[0].last == last)
        #expect(events[1].first == events[1].last)
    }

    @Test func aChangedReasonLabelOrPolicyStartsANewEvent() throws {
        let days = [
            try evaluation("2026-12-24", denied: "a"), try evaluation("2026-12-25", denied: "b"),
            try evaluation("2026-12-26", denied: "b", by: "q.lua"), try evaluation("2026-12-27", denied: "b", by: "q.lua", label: "x"),
            try evaluation("2026-12-28", label: "x"),
        ]
        #expect(ICSEvent.events(days).count == 5)
    }

    @Test func theSummaryIsTheLabelElseTheReasonAndTheDescriptionNamesThePolicies() throws {
        let both = try #require(ICSEvent.Outcome(try evaluation("2026-12-25", denied: "holiday", by: "w.lua",
                                                                label: "Christmas", decoratedBy: "h.lua")))
        #expect(both.summary == "Christmas")
        #expect(both.policy == "h.lua")
        #expect(both.description == "Not selectable: holiday (w.lua)\nDecorated: Christmas (h.lua)")
        #expect(both.categories == ["denied", "decorated"])
        let denied = try #require(ICSEvent.Outcome(try evaluation("2026-12-26", denied: "weekend", by: "w.lua")))
        #expect(denied.summary == "weekend" && denied.policy == "w.lua")
        let bare = try #require(ICSEvent.Outcome(try evaluation("2026-12-26", denied: nil, label: nil) .withDenial()))
        #expect(bare.summary == "Not selectable")
        #expect(ICSEvent.Outcome(try evaluation("2026-12-27")) == nil)
    }

    @Test func uidsDependOnPolicyNameFirstDayAndSummaryOnly() throws {
        let day = try Day(iso: "2026-12-24")
        let uid = ICSIdentifier.uid(policy: "freeze.lua", first: day, summary: "Freeze")
        #expect(uid == ICSIdentifier.uid(policy: "freeze.lua", first: day, summary: "Freeze"))
        #expect(uid.hasPrefix("20261224-") && uid.hasSuffix("@calpolicy"))
        #expect(uid.utf8.count == "20261224-".utf8.count + 16 + "@calpolicy".utf8.count)
        #expect(uid != ICSIdentifier.uid(policy: "other.lua", first: day, summary: "Freeze"))
        #expect(uid != ICSIdentifier.uid(policy: "freeze.lua", first: day.adding(days: 1), summary: "Freeze"))
        #expect(uid != ICSIdentifier.uid(policy: "freeze.lua", first: day, summary: "Freeze!"))
        // A longer run keeps the UID of its first day: an edit that extends it updates the event.
        let short = ICSEvent.events([try evaluation("2026-12-24", denied: "Freeze")])
        let long = ICSEvent.events([try evaluation("2026-12-24", denied: "Freeze"),
                                    try evaluation("2026-12-25", denied: "Freeze")])
        #expect(short[0].uid == long[0].uid)
    }

    @Test func theDocumentIsCRLFWithAllDayEventsAndAnExclusiveEnd() throws {
        let days = [try evaluation("2026-12-31", denied: "a;b,c\\d\ne"), try evaluation("2027-01-01", denied: "a;b,c\\d\ne")]
        let system = GregorianCalendarSystem()
        let settings = DisplaySettings(calendar: .gregorian, system: system, localeIdentifier: "en_US",
                                       names: DisplayNames(locale: "en_US", calendar: .gregorian), firstWeekday: 1,
                                       weekRule: .iso8601, weekRuleName: "iso", today: try Day(iso: "2026-12-01"))
        let report = EvalReport(settings: settings, policies: ["dir/p.lua"],
                                span: ResolvedSpan(months: [], days: DaySpan(days[0].day, days[1].day)),
                                grids: [], days: days)
        let buffer = DocumentBuffer()
        EvalICSRenderer.render(report, name: EvalICSRenderer.calendarName(policies: report.policies), to: buffer)
        let text = buffer.text
        let bytes = Array(text.utf8)
        #expect(bytes.indices.allSatisfy { bytes[$0] != 0x0A || ($0 > 0 && bytes[$0 - 1] == 0x0D) },
                "every line ends with CRLF")
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.contains("X-WR-CALNAME:p.lua"))
        #expect(lines.contains("DTSTAMP:20261201T000000Z"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20261231"))
        #expect(lines.contains("DTEND;VALUE=DATE:20270102"))
        #expect(lines.contains(#"SUMMARY:a\;b\,c\\d\ne"#))
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
    }
}

extension DayEvaluation {
    /// The same day, denied with no reason by `p.lua`.
    fileprivate func withDenial() -> DayEvaluation {
        DayEvaluation(day: day, date: date, select: PolicyStack.Decision(verdict: .denied(reason: nil), policy: "p.lua"),
                      deselect: deselect, decoration: decoration, decorationPolicy: decorationPolicy)
    }
}
