import CalendarCore
import Testing
@testable import PolicyEngine

/// `cal.holidays` and `cal.weekend` as a policy uses them: the built-in data looked up by the
/// host, per-day lists with the observed and estimated marks, and errors at the policy's line.
@Suite struct CalHolidaysTests {
    let fixture = PolicyFixture()
    let context = PolicyContext()

    /// A policy that lists `:on(day)` as its denial reason, one holiday per "|".
    func lister(_ call: String) -> String {
        """
        local h = \(call)
        return {
          canSelect = function(day)
            if not h:covers(day) then return false, "uncovered" end
            local found = h:on(day)
            if #found == 0 then return true end
            local parts = {}
            for i, e in ipairs(found) do
              parts[i] = table.concat({ e.name, e.englishName, e.category, e.observedOf or "-",
                tostring(e.estimated or false) }, "/")
            end
            return false, table.concat(parts, "|")
          end,
        }
        """
    }

    @Test func berlinInGermanAndEnglish() throws {
        let german = try fixture.load(lister(#"cal.holidays("DE-BE", { categories = {"public"}, language = "de" })"#))
        #expect(try german.canSelect(.at("2027-10-03"), context: context)
            == .denied(reason: "Tag der Deutschen Einheit/German Unity Day/public/-/false"))
        #expect(try german.canSelect(.at("2027-03-08"), context: context)
            == .denied(reason: "Frauentag/Women's Day/public/-/false"))
        #expect(try german.canSelect(.at("2027-03-09"), context: context) == .allowed)
        #expect(try german.canSelect(.at("2061-01-01"), context: context) == .denied(reason: "uncovered"))
        let english = try fixture.load(lister(#"cal.holidays("de-be", { language = "en" })"#), name: "en.lua")
        #expect(try english.canSelect(.at("2027-10-03"), context: context)
            == .denied(reason: "German Unity Day/German Unity Day/public/-/false"))
        // Bavaria does not keep Women's Day.
        let bavaria = try fixture.load(lister(#"cal.holidays("DE-BY")"#), name: "by.lua")
        #expect(try bavaria.canSelect(.at("2027-03-08"), context: context) == .allowed)
    }

    @Test func observedDaysNameTheirOriginalAndEstimatesAreMarked() throws {
        let us = try fixture.load(lister(#"cal.holidays("US")"#))
        // July 4th 2026 is a Saturday: observed on Friday the 3rd.
        #expect(try us.canSelect(.at("2026-07-03"), context: context)
            == .denied(reason: "Independence Day (observed)/Independence Day (observed)/public/2026-07-04/false"))
        let saudi = try fixture.load(lister(#"cal.holidays("AE")"#), name: "ae.lua")
        var estimated = 0
        var day = try Day(iso: "2030-01-01")
        while day.year == 2030 {
            if case .denied(let reason) = try saudi.canSelect(day, context: context), reason?.contains("/true") == true {
                estimated += 1
            }
            day = day.adding(days: 1)
        }
        #expect(estimated > 0)
    }

    @Test func weekendsFollowTheCountrysHistory() throws {
        let policy = try fixture.load("""
            return { canSelect = function(day) return not cal.weekend("AE", day), "weekend" end }
            """)
        #expect(try policy.canSelect(.at("2021-12-31"), context: context) == .denied(reason: "weekend"))  // Friday
        #expect(try policy.canSelect(.at("2022-01-07"), context: context) == .allowed)  // Friday
        #expect(try policy.canSelect(.at("2022-01-09"), context: context) == .denied(reason: "weekend"))  // Sunday
        let china = try fixture.load("""
            return { canSelect = function(day) return not cal.weekend("CN", day.iso), "weekend" end }
            """, name: "cn.lua")
        #expect(try china.canSelect(.at("2020-01-19"), context: context) == .allowed)  // a working Sunday
        #expect(try china.canSelect(.at("2020-01-12"), context: context) == .denied(reason: "weekend"))
    }

    @Test func badNamesAreErrorsAtThePolicysLineWithSuggestions() throws {
        func loadError(_ source: String) -> PolicyError? {
            PolicyFixture.error { _ = try fixture.load(source, name: "bad.lua") }
        }
        let country = loadError("local x = 1\nlocal h = cal.holidays(\"DX\")\nreturn {}")
        #expect(country?.line == 2)
        #expect(country?.message.contains("cal.holidays: unknown country or market 'DX'; did you mean") == true)
        let category = loadError(#"local h = cal.holidays("DE", { categories = {"publik"} })"# + "\nreturn {}")
        #expect(category?.line == 1)
        #expect(category?.message.contains("unknown category 'publik' for DE; did you mean 'public'?") == true)
        let language = loadError(#"local h = cal.holidays("DE", { language = "dee" })"# + "\nreturn {}")
        #expect(language?.message.contains("language 'dee' is not in the data for DE; did you mean 'de'?") == true)
        let option = loadError(#"local h = cal.holidays("DE", { lang = "de" })"# + "\nreturn {}")
        #expect(option?.message.contains("unknown option 'lang'; did you mean 'language'?") == true)
        let subdivision = loadError(#"local h = cal.holidays("DE-BX")"# + "\nreturn {}")
        #expect(subdivision?.message.contains("did you mean 'DE-BB', 'DE-BE' or 'DE-BW'?") == true)
        let weekend = loadError("\n\nlocal w = cal.weekend(\"QQ\", \"2027-01-01\")\nreturn {}")
        #expect(weekend?.line == 3)
        #expect(weekend?.message.contains("cal.weekend: unknown country or market 'QQ'") == true)
    }

    /// The holiday library checks days with the prelude's own `dayArg`, so a bad day reads as it
    /// does from every other cal function (and is raised at the policy's line, not the library's).
    @Test func aBadDayIsWordedAsEveryCalFunctionWordsIt() throws {
        func loadError(_ source: String) -> PolicyError? {
            PolicyFixture.error { _ = try fixture.load(source, name: "bad.lua") }
        }
        for (value, why) in [("\"2026-02-30\"", "invalid date '2026-02-30': day must be 1...28 in 2026-02"),
                             ("{}", "day must be a day, an ISO date 'YYYY-MM-DD' or a day number, got table"),
                             ("9999999", "day number must be -719162...2932896 (0001-01-01...9999-12-31), got '9999999'")] {
            let holidays = loadError("local h = cal.holidays(\"US\")\n\nlocal x = h:on(\(value))\nreturn {}")
            #expect(holidays?.line == 3)
            #expect(holidays?.message.contains("cal.holidays:on: \(why)") == true, "\(holidays?.message ?? "no error")")
            let weekend = loadError("local x = cal.weekend(\"AE\", \(value))\nreturn {}")
            #expect(weekend?.line == 1)
            #expect(weekend?.message.contains("cal.weekend: \(why)") == true, "\(weekend?.message ?? "no error")")
            let business = loadError("local x = cal.isBusinessDay(\(value))\nreturn {}")
            #expect(business?.message.contains("cal.isBusinessDay: \(why)") == true, "\(business?.message ?? "no error")")
        }
    }

    @Test func aDayPastTheDataIsAnErrorNotAnEmptyList() throws {
        let policy = try fixture.load("""
            local h = cal.holidays("DE")
            return {
              canSelect = function(day)
                return #h:on(day) == 0
              end,
            }
            """)
        #expect(try policy.canSelect(.at("2060-12-30"), context: context) == .allowed)
        let error = PolicyFixture.error { _ = try policy.canSelect(.at("2061-01-05"), context: context) }
        #expect(error?.line == 4)
        #expect(error?.message.contains("no holiday data for 2061 (DE covers 2000–2060") == true)
    }
}
