import Testing
@testable import CalendarCore

@Suite struct IncludeDaysPolicyTests {
    let context = PolicyContext()

    @Test func weekdaysOnlyDeniesSaturdayAndSunday() throws {
        let policy = IncludeDaysPolicy(.weekdays)
        #expect(try policy.canSelect(try day("2026-03-06"), context: context) == .allowed)
        #expect(try !policy.canSelect(try day("2026-03-07"), context: context).isAllowed)
        #expect(try !policy.canSelect(try day("2026-03-08"), context: context).isAllowed)
        #expect(try policy.canDeselect(try day("2026-03-08"), context: context) == .allowed)
    }

    @Test func weekendsOnlyIsTheMirror() throws {
        let policy = IncludeDaysPolicy(.weekends)
        #expect(try policy.canSelect(try day("2026-03-07"), context: context) == .allowed)
        let verdict = try policy.canSelect(try day("2026-03-06"), context: context)
        #expect(verdict.reason?.contains("2026-03-06") == true)
    }

    @Test func weekendDaysAreConfigurable() throws {
        let policy = IncludeDaysPolicy(.weekdays, weekendDays: [6, 7])
        #expect(try !policy.canSelect(try day("2026-03-06"), context: context).isAllowed) // Friday
        #expect(try policy.canSelect(try day("2026-03-08"), context: context) == .allowed) // Sunday
    }

    @Test func allAllowsEveryDay() throws {
        let policy = IncludeDaysPolicy(.all)
        for d in DaySpan(try day("2026-03-01"), try day("2026-03-14")) {
            #expect(try policy.canSelect(d, context: context) == .allowed)
        }
    }
}

@Suite struct BoundsPolicyTests {
    let context = PolicyContext()

    @Test func boundsAreInclusive() throws {
        let policy = BoundsPolicy(min: try day("2026-03-10"), max: try day("2026-03-20"))
        #expect(try policy.canSelect(try day("2026-03-10"), context: context) == .allowed)
        #expect(try policy.canSelect(try day("2026-03-20"), context: context) == .allowed)
        #expect(try policy.canSelect(try day("2026-03-09"), context: context).reason?.contains("earliest") == true)
        #expect(try policy.canSelect(try day("2026-03-21"), context: context).reason?.contains("latest") == true)
    }

    @Test func openBoundsAllowEverything() throws {
        #expect(try BoundsPolicy().canSelect(try day("0001-01-01"), context: context) == .allowed)
        #expect(try BoundsPolicy(min: try day("2026-01-01")).canSelect(try day("9999-12-31"), context: context) == .allowed)
    }

    /// The seed picker dropped weekdays-only once a min or max date was set; stacked
    /// policies must all apply.
    @Test func weekdaysOnlyAndBoundsBothApply() throws {
        let stack = PolicyStack([IncludeDaysPolicy(.weekdays),
                                 BoundsPolicy(min: try day("2026-03-04"), max: try day("2026-03-25"))])
        let saturdayInside = try stack.canSelect(try day("2026-03-14"), context: context)
        #expect(saturdayInside.policy == "include-days")
        let mondayBefore = try stack.canSelect(try day("2026-03-02"), context: context)
        #expect(mondayBefore.policy == "bounds")
        let saturdayBefore = try stack.canSelect(try day("2026-02-28"), context: context)
        #expect(saturdayBefore.policy == "include-days")
        #expect(try stack.canSelect(try day("2026-03-16"), context: context).isAllowed)
        let allowed = try DaySpan(try day("2026-02-23"), try day("2026-03-31")).filter {
            try stack.canSelect($0, context: context).isAllowed
        }
        #expect(allowed.count == 16)
        #expect(allowed.first == (try day("2026-03-04")))
        #expect(allowed.last == (try day("2026-03-25")))
    }
}
