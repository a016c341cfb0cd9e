-- Tests for weekends.lua, alone and stacked with us-federal-holidays.lua in working-days_test.lua.
test.policies { "weekends.lua" }
test.today "2026-06-01"

test.cases("Saturday and Sunday are denied", {
    { "2026-06-06" }, { "2026-06-07" }, { "2024-02-24" }, { "2028-12-31" }, { "2000-01-01" },
}, function(row)
    expect.denied(row[1], "weekend")
    expect.noDecoration(row[1])
end)

test("Monday to Friday are selectable", function()
    local monday = "2026-06-01"
    for offset = 0, 4 do
        expect.selectable(cal.addDays(monday, offset))
    end
end)

test("Feb 29 of a leap year follows its weekday", function()
    expect.selectable("2028-02-29") -- a Tuesday
    expect.denied("2032-02-29", "weekend") -- a Sunday
end)

test("weekend days can still be deselected", function()
    expect.deselectable("2026-06-06")
end)

test("a week selection keeps only the working days", function()
    expect.select({ mode = "multiple", taps = { "2026-06-05", "2026-06-06", "2026-06-08" } },
        { "2026-06-05", "2026-06-08", rejected = { "2026-06-06" } })
end)
