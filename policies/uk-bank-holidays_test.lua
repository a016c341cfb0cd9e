-- Tests for uk-bank-holidays.lua (England and Wales). Dates from gov.uk/bank-holidays.
test.policies { "uk-bank-holidays.lua" }
test.today "2027-01-01"

test.cases("2027 bank holiday", {
    { "2027-01-01", "New Year's Day" },
    { "2027-03-26", "Good Friday" },
    { "2027-03-29", "Easter Monday" },
    { "2027-05-03", "May Day" },
    { "2027-05-31", "Spring Bank Holiday" },
    { "2027-08-30", "Late Summer Bank Holiday" },
}, function(row)
    expect.denied(row[1], row[2])
    expect.decoration(row[1], { label = row[2] })
end)

test("Christmas on a Saturday: substitutes on Monday and Tuesday", function()
    expect.denied("2027-12-25", "Christmas Day")
    expect.denied("2027-12-26", "Boxing Day")
    expect.decoration("2027-12-27", { label = "Christmas Day (observed)" })
    expect.decoration("2027-12-28", { label = "Boxing Day (observed)" })
    expect.selectable("2027-12-29")
end)

test("Boxing Day on a Saturday is substituted on Monday", function()
    -- 2026: Christmas Friday, Boxing Day Saturday, substitute Monday 28th
    expect.denied("2026-12-25", "Christmas Day")
    expect.denied("2026-12-28", "Boxing Day (observed)")
end)

test("moved and one-off days come from the data tables", function()
    expect.denied("2020-05-08", "May Day") -- moved for VE Day
    expect.selectable("2020-05-04") -- the usual first Monday stayed a working day
    expect.denied("2022-06-02", "Spring Bank Holiday")
    expect.denied("2022-06-03", "Platinum Jubilee")
    expect.denied("2022-09-19", "State Funeral")
    expect.denied("2023-05-08", "Coronation")
end)

test("Easter moves with the western computus", function()
    for year = 2026, 2030 do
        local easter = cal.easter(year, "western")
        expect.denied(cal.addDays(easter, -2), "Good Friday")
        expect.denied(cal.addDays(easter, 1), "Easter Monday")
        expect.selectable(cal.addDays(easter, 2))
    end
end)

test("American holidays are working days here", function()
    expect.selectable("2027-07-05")
    expect.noDecoration("2027-11-25")
end)
