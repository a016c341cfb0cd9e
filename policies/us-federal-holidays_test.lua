-- Tests for us-federal-holidays.lua (run: calpolicy test policies).
-- Dates checked against OPM's published federal holiday tables and a printed calendar.
test.policies { "us-federal-holidays.lua" }
test.today "2026-06-01"

-- Every federal holiday of 2026 on its own date (none falls on a weekend except July 4).
test.cases("2026 holiday is denied and named", {
    { "2026-01-01", "New Year's Day" },
    { "2026-01-19", "Martin Luther King" },
    { "2026-02-16", "Washington's Birthday" },
    { "2026-05-25", "Memorial Day" },
    { "2026-06-19", "Juneteenth" },
    { "2026-07-04", "Independence Day" },
    { "2026-09-07", "Labor Day" },
    { "2026-10-12", "Columbus Day" },
    { "2026-11-11", "Veterans Day" },
    { "2026-11-26", "Thanksgiving Day" },
    { "2026-12-25", "Christmas Day" },
}, function(row)
    expect.denied(row[1], row[2])
    expect.decoration(row[1], { kind = "default" })
end)

-- Saturday holidays are observed on Friday, Sunday ones on Monday; both days are denied.
test.cases("weekend holiday moves to a weekday", {
    { holiday = "2026-07-04", observed = "2026-07-03", label = "Independence Day (observed)" },
    { holiday = "2027-06-19", observed = "2027-06-18", label = "Juneteenth National Independence Day (observed)" },
    { holiday = "2027-07-04", observed = "2027-07-05", label = "Independence Day (observed)" },
    { holiday = "2027-12-25", observed = "2027-12-24", label = "Christmas Day (observed)" },
    { holiday = "2028-01-01", observed = "2027-12-31", label = "New Year's Day (observed)" },
}, function(row)
    expect.denied(row.holiday)
    expect.denied(row.observed, "(observed)")
    expect.decoration(row.observed, { label = row.label })
end)

test("ordinary working days stay selectable and plain", function()
    for _, date in ipairs { "2026-07-02", "2026-07-06", "2026-12-24", "2026-12-28", "2027-12-30" } do
        expect.selectable(date)
        expect.noDecoration(date)
    end
end)

test("Juneteenth is a holiday only from 2021", function()
    expect.selectable("2020-06-19")
    expect.denied("2021-06-18", "Juneteenth National Independence Day (observed)")
    expect.denied("2022-06-20", "(observed)")
end)

test("Martin Luther King Jr. Day starts in 1986", function()
    expect.selectable("1985-01-21")
    expect.denied("1986-01-20", "Martin Luther King")
end)

test("Thanksgiving is the fourth Thursday of November", function()
    for year = 2026, 2035 do
        local date = cal.nthWeekday(year, 11, cal.THURSDAY, 4)
        expect.denied(date, "Thanksgiving Day")
        expect.selectable(cal.addDays(date, 7))
    end
end)

test("a range cannot take a holiday as an end", function()
    expect.select({ mode = "range", taps = { "2026-12-25", "2026-12-21", "2026-12-24" } },
        { "2026-12-21", "2026-12-22", "2026-12-23", "2026-12-24", rejected = { "2026-12-25" } })
end)

test("executive-order closings are denied, other Christmas Eves are not", function()
    expect.denied("2019-12-24", "Christmas Eve")
    expect.denied("2025-01-09", "Jimmy Carter")
    expect.selectable("2021-12-23") -- Christmas 2021 (Saturday) is observed on Friday the 24th
    expect.denied("2021-12-24", "Christmas Day (observed)")
    expect.selectable("2023-12-24") -- a Sunday, but no closing: this policy does not deny weekends
end)

test("the policy reads no clock: today is the file's fixed day", function()
    expect.equal(cal.today(), "2026-06-01")
    expect.denied("2030-12-25", "Christmas Day")
end)
