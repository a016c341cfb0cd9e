-- Tests for change-freeze.lua: the FREEZES table, both ends inclusive.
test.policies { "change-freeze.lua" }
test.today "2026-11-01"

test.cases("window edges", {
    { name = "Thanksgiving", first = "2026-11-25", last = "2026-11-30", reason = "Thanksgiving traffic peak" },
    { name = "year end", first = "2026-12-18", last = "2027-01-04", reason = "Year-end change freeze" },
    { name = "Q1 close", first = "2027-03-29", last = "2027-04-01", reason = "Quarter-end close" },
}, function(row)
    expect.selectable(cal.addDays(row.first, -1))
    expect.denied(row.first, "change freeze: " .. row.reason)
    expect.denied(row.last, row.reason)
    expect.decoration(row.last, { label = row.reason, color = "#616161" })
    expect.selectable(cal.addDays(row.last, 1))
    expect.noDecoration(cal.addDays(row.last, 1))
end)

test("every day inside the year-end freeze is denied", function()
    local day = "2026-12-18"
    while day <= "2027-01-04" do
        expect.denied(day, "Year-end change freeze")
        day = cal.addDays(day, 1)
    end
end)

test("a booking range cannot cross the freeze", function()
    expect.select({ mode = "range", taps = { "2026-12-10", "2027-01-10" } }, { rejected = { "2027-01-10" } })
    expect.select({ mode = "range", taps = { "2026-12-14", "2026-12-17" } },
        { "2026-12-14", "2026-12-15", "2026-12-16", "2026-12-17" })
end)

test("frozen days may still be deselected", function()
    expect.deselectable("2026-12-24")
end)
