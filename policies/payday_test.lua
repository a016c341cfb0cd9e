-- Tests for payday.lua: the last Monday-Friday of the month that is not a closure.
test.policies { "payday.lua" }
test.today "2026-01-01"

test.cases("payday of the month", {
    { "2026-01-30", note = "Jan 31 is a Saturday" },
    { "2026-02-27", note = "Feb 28 is a Saturday" },
    { "2026-03-31" },
    { "2026-05-29", note = "May 31 is a Sunday" },
    { "2026-07-31" },
    { "2026-10-30", note = "Oct 31 is a Saturday" },
    { "2026-12-31", note = "New Year 2027 is a Friday, so Dec 31 is open" },
    { "2027-12-30", note = "New Year 2028 is a Saturday, observed on Dec 31" },
    { "2028-02-29", note = "leap day, a Tuesday" },
}, function(row)
    expect.decoration(row[1], { kind = "image", image = "banknote", label = "Payday" })
    expect.selectable(row[1]) -- payday informs, it never denies
end)

test("only one payday per month", function()
    for day = 1, 30 do
        if day ~= 30 then expect.noDecoration(cal.format(2026, 1, day)) end
    end
    expect.noDecoration("2026-01-31")
    expect.noDecoration("2027-12-31")
end)

test("every month of 2026 to 2028 has its payday on a weekday", function()
    for year = 2026, 2028 do
        for month = 1, 12 do
            local last = cal.format(year, month, cal.daysInMonth(year, month))
            local wd = cal.weekday(last)
            -- the last weekday of the month, unless a closure moves it earlier
            local expected = wd == 7 and cal.addDays(last, -1) or wd == 1 and cal.addDays(last, -2) or last
            if not (year == 2027 and month == 12) then
                expect.decoration(expected, { label = "Payday" })
            end
        end
    end
end)
