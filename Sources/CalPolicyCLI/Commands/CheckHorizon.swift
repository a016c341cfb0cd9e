import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

extension CommandCatalog {
    static let horizon = OptionSpec.value("horizon", "YYYY-MM-DD", help: "Fail (exit 1) naming each policy whose data or declared coverage ends before this day.")
}

/// What `check` says about the days a policy's data is meant for: with `--horizon`, every policy
/// (a file's `coverage`, a reference's data) that ends before it, a line each and exit 1; for a
/// `holidays:` reference, the dates of the coming year python-holidays only estimates.
///
/// Why in check: a table of dates or a data set runs out quietly (a freeze list ends, lunar
/// holidays stop), and CI is where that should be seen before the day comes.
enum CheckHorizon {
    /// The `--horizon` day, or nil when not asked.
    static func day(_ parsed: RequestValues) throws(CLIError) -> Day? {
        try CLIError.wrap { () throws(RequestError) in
            try parsed.value(CommandCatalog.horizon).map { text throws(RequestError) in
                try ValueParser.day(text, option: CommandCatalog.horizon)
            }
        }
    }

    /// The line for a policy ending before `horizon`, or nil when it reaches it (or says nothing).
    /// A Lua policy is also held to the holiday data it reads (`cal.holidays("IN")`): at load,
    /// or in its functions, which are asked about the horizon day to find out (their answers
    /// and errors are not the point here; `check` reports errors elsewhere).
    static func shortfall(_ path: String, policy: any DayPolicy, horizon: Day) -> String? {
        if let lua = policy as? LuaPolicy {
            let context = PolicyContext(today: horizon)
            _ = try? lua.canSelect(horizon, context: context)
            _ = try? lua.canDeselect(horizon, context: context)
            _ = try? lua.decoration(for: horizon, context: context)
            _ = try? lua.closedHours(for: horizon, context: context)
            guard let data = lua.dataHorizon, let end = data.last, end < horizon else { return nil }
            let what = data.source == "its coverage" ? "its coverage" : "the holiday data it reads (\(data.source))"
            return CheckReportRenderer.shortfallLine(path, what: what, ends: end, horizon: horizon)
        }
        guard let end = CoverageSpan.of(policy)?.to, end < horizon else { return nil }
        return CheckReportRenderer.shortfallLine(path, what: "its data", ends: end, horizon: horizon)
    }

    /// "holidays:AE: estimated in the coming year: 2027-03-09 Eid al-Fitr (estimated), …" or nil.
    static func estimates(_ path: String, policy: any DayPolicy, today: Day) -> String? {
        guard let holidays = policy as? HolidayPolicy else { return nil }
        var found: [String] = []
        var day = today
        let end = today.adding(days: 365)
        while day < end {
            if holidays.covered?.contains(day.year) == true, let entries = try? holidays.holidays(on: day) {
                for entry in entries where entry.isEstimated { found.append("\(day.iso) \(entry.englishName)") }
            }
            day = day.adding(days: 1)
        }
        return found.isEmpty ? nil : CheckReportRenderer.estimatesLine(path, found)
    }
}
