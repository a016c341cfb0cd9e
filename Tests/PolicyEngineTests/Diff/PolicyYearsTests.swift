import Testing
@testable import PolicyEngine

@Suite struct PolicyYearsTests {
    private static func years(_ text: String) -> [Int] {
        PolicyYears.mentioned(in: Array(text.utf8)).sorted()
    }

    @Test func isoDatesMonthsAndWeeks() {
        #expect(Self.years(#"local closed = { ["2030-05-01"] = "x", ["2031-12-31"] = "y" }"#) == [2030, 2031])
        #expect(Self.years(#"if day.iso:sub(1, 7) == "2032-02" then"#) == [2032])
        #expect(Self.years(#"week == "2033-W05""#) == [2033])
        #expect(Self.years(#"on = "2030-05-01T09:00""#) == [2030])
    }

    @Test func tableKeysComparisonsAndDateCalls() {
        #expect(Self.years("cal.byYear(function(year) return ({ [2030] = { 5 }, [ 2031 ]= {} })[year] end)") == [2030, 2031])
        #expect(Self.years("if year == 2034 then") == [2034])
        #expect(Self.years("if day.year >= 2035 and day.year<2037 then") == [2035, 2037])
        #expect(Self.years("if 2038 ~= d.year then") == [2038])
        #expect(Self.years("os.time { year = 2039, month = 1, day = 1 }") == [2039])
        #expect(Self.years("for y = 2040, 2042 do end") == [2040, 2042])
        #expect(Self.years("local first = cal.date(2043, 5, 1)") == [2043])
        #expect(Self.years("cal.easter(2046); cal.nthWeekday( 2047, 5, cal.MONDAY, 1); cal.isLeapYear(2048)")
            == [2046, 2047, 2048])
        #expect(Self.years("local d = {2044, 12, 31}") == [2044])
    }

    @Test func aDateInACommentCounts() {
        #expect(Self.years("-- moved from 2045-03-01 to the Monday\nreturn {}") == [2045])
        #expect(Self.years("--[[ [2049] was the old row ]] return {}") == [2049])
    }

    @Test func numbersThatAreNotYears() {
        #expect(Self.years("local limit = 10000; if year == 10000 then end") == [])
        #expect(Self.years("if year == 0 or year == 12 then end; local t = { [12] = 1, [0] = 2 }") == [])
        #expect(Self.years("t[1200] = 1; if year == 1582 then end") == [])
        #expect(Self.years("local budget = 2048; if count < 2050 then end; f(2051)") == [])
        #expect(Self.years("[0x2030] [2030.5] [1.2031] [x2032] [2033e1] [20301]") == [])
        #expect(Self.years(#"["2030-13-01"] ["2031-00-10"] ["2032-05-32"] ["20330-05-01"] ["2034-1-1"]"#) == [])
        #expect(Self.years("cal.date(2035, 13, 1); cal.date(2036, 5); print(2037, 5, 40); cal.weekday(2038)") == [])
        #expect(Self.years("") == [])
        #expect(Self.years("2030") == [])
    }

    @Test func theEdgesOfTheRange() {
        #expect(Self.years("[1582] [1583] [9998]") == [1583, 9998])
        // 9999 is the "no end" sentinel, not a year of rows.
        #expect(Self.years(#"{ from = "2026-01-01", to = "9999-12-31" }; if year < 9999 then end"#) == [2026])
    }
}
