import CalendarCore

/// What `calpolicy import FILE.ics` writes: a policy that reads the file with `cal.ics` (denying
/// its days, decorating them, or both) and a test file pinning the first days it holds.
public struct ImportedPolicyDocument {
    /// The policy's name: the .ics file's name without `.ics` (`closures`).
    public let name: String
    /// The .ics file's name as the policy opens it (`closures.ics`).
    public let icsName: String
    public let denies: Bool
    public let decorates: Bool
    /// The zone the file's timed events are written in, when they share one: the policy then
    /// closes their hours (`hoursFor`, in that zone) and denies only the days of all-day events.
    /// Nil: every event denies its days whole, as before hours existed.
    public let zone: String?

    public init(name: String, icsName: String, denies: Bool, decorates: Bool, zone: String? = nil) {
        (self.name, self.icsName, self.denies, self.decorates) = (name, icsName, denies, decorates)
        self.zone = zone
    }

    /// A chunk that loads as a policy and names, as its `name`, the zones of the timed events
    /// in `icsName` over `first`...`last` (comma-separated, sorted; `floating` for a time
    /// without zone): how `import` learns whether the file has hours, through the same parser.
    public static func zoneProbe(icsName: String, first: Day, last: Day) throws(LuaTemplateError) -> String {
        try LuaTemplate.zoneProbe.render(["ics": icsName, "first": first.iso, "last": last.iso])
    }

    public var policyFileName: String { name + ".lua" }
    public var testFileName: String { name + "_test.lua" }

    private var what: String {
        switch (denies, decorates) {
        case (true, true): "not selectable, decorated with the event's summary"
        case (true, false): "not selectable, the event's summary as the reason"
        default: "decorated with the event's summary"
        }
    }

    /// The policy's text: the hours form when the timed events share a zone, else the days form;
    /// `canSelect` when it denies, `decorationFor` when it decorates.
    public func policy() throws(LuaTemplateError) -> String {
        var values = ["policyFile": policyFileName, "ics": icsName, "name": name, "what": what]
        let sections = ["denies": denies, "decorates": decorates]
        guard let zone else {
            values["description"] = "Days of " + icsName + ": " + what + "."
            return try LuaTemplate.importedDays.render(values, sections: sections)
        }
        values["zone"] = zone
        values["description"] = "Events of " + icsName + ": all-day ones " + what + "; timed ones closed hours."
        return try LuaTemplate.importedHours.render(values, sections: sections)
    }

    /// One day the policy answered at import: its first event's summary.
    public struct Sample: Sendable, Hashable {
        public let day: Day
        public let summary: String
        /// Whether the day was denied (a day with only a timed event is not).
        public let denied: Bool
        public init(day: Day, summary: String, denied: Bool = true) {
            (self.day, self.summary, self.denied) = (day, summary, denied)
        }
    }

    /// The test file: each sample answered as at import, and a day without an event left alone.
    public func test(today: Day, samples: [Sample], clearDay: Day?) -> String {
        var text = LuaStringLiteral.comment(
            "Tests for \(policyFileName) (written by `calpolicy import`): the first days \(icsName)") + "\n" + """
            -- holds from \(today.iso) on, answered as at import, and a day without an event.
            test.policies { \(LuaStringLiteral.quoted(policyFileName)) }
            test.today \(LuaStringLiteral.quoted(today.iso))

            """
        if !samples.isEmpty {
            text += "\ntest(\(LuaStringLiteral.quoted("days of " + icsName)), function()\n"
            for sample in samples {
                let day = LuaStringLiteral.quoted(sample.day.iso)
                if denies && sample.denied {
                    text += "    expect.denied(\(day), \(LuaStringLiteral.quoted(sample.summary)))\n"
                }
                if decorates {
                    text += "    expect.decoration(\(day), { label = \(LuaStringLiteral.quoted(sample.summary)) })\n"
                }
            }
            text += "end)\n"
        }
        if let clearDay {
            let day = LuaStringLiteral.quoted(clearDay.iso)
            text += "\ntest(\"a day without an event\", function()\n"
            text += "    expect.selectable(\(day))\n"
            text += "    expect.noDecoration(\(day))\n"
            text += "end)\n"
        }
        return text
    }
}
