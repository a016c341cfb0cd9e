-- The cal helpers policy authors reach for: windows, business days, quarters and dates of
-- other calendars in a Gregorian year. Known dates are from published calendars (U.S.
-- holidays, Purim and Eid al-Fitr tables); scripts/checks/cal-helpers.sh compares
-- cal.inGregorianYear with convertdate over many years.
test("windows answer the reason of the first row holding the day", function()
    local closed = cal.windows {
        { from = "2026-12-20", to = "2027-01-03", reason = "year-end freeze" },
        { from = "2026-12-24", to = "2026-12-26", reason = "holidays" },
        { from = "2027-03-29", to = "2027-03-31", reason = "quarter close" },
    }
    expect.equal(closed("2026-12-20"), "year-end freeze")
    expect.equal(closed("2026-12-25"), "year-end freeze") -- overlapping: the first row wins
    expect.equal(closed("2027-01-03"), "year-end freeze") -- both ends are inside
    expect.equal(closed("2027-01-04"), nil)
    expect.equal(closed(cal.dayNumberOf("2027-03-30")), "quarter close")
end)

test("a bad window row is named with its field", function()
    expect.error(function() cal.windows { { from = "2026-03-01", to = "2026-02-10", reason = "x" } } end,
        "row 1: 'to' 2026%-02%-10 is before 'from' 2026%-03%-01")
    expect.error(function()
        cal.windows { { from = "2026-03-01", to = "2026-03-10", reason = "a" }, { from = "2026-03-01", too = "x" } }
    end, "row 2: unknown field 'too'")
    expect.error(function() cal.windows { { from = "2026-02-30", to = "2026-03-01", reason = "x" } } end,
        "row 1: 'from' is not a date")
    expect.error(function() cal.windows { { from = "2026-03-01", to = "2026-03-01" } } end,
        "row 1: 'reason' must be a non%-empty string, got nil")
    expect.error(function() cal.windows { "2026-03-01" } end, "row 1 must be a table")
end)

test("business days skip weekends and the holidays of a policy or a function", function()
    expect.equal(cal.isBusinessDay("2026-03-06"), true)   -- a Friday
    expect.equal(cal.isBusinessDay("2026-03-07"), false)  -- a Saturday
    expect.equal(cal.addBusinessDays("2026-03-06", 1), "2026-03-09")
    expect.equal(cal.addBusinessDays("2026-03-09", -1), "2026-03-06")
    expect.equal(cal.addBusinessDays("2026-03-07", 0), "2026-03-07")
    local christmas = { canSelect = function(day)
        if day.month == 12 and day.day == 25 then return false, "Christmas" end
        return true
    end }
    expect.equal(cal.isBusinessDay("2026-12-25", christmas), false)
    expect.equal(cal.addBusinessDays("2026-12-24", 1, christmas), "2026-12-28")
    local closedMonday = function(day) return day.iso == "2026-03-09" end
    expect.equal(cal.addBusinessDays("2026-03-06", 1, closedMonday), "2026-03-10")
    expect.equal(cal.addBusinessDays("2026-03-06", 1, closedMonday, christmas), "2026-03-10")
end)

test("weekends are configurable", function()
    local friSat = { weekend = { cal.FRIDAY, cal.SATURDAY } }
    expect.equal(cal.isBusinessDay("2026-03-08", friSat), true)  -- a Sunday
    expect.equal(cal.isBusinessDay("2026-03-06", friSat), false) -- a Friday
    expect.equal(cal.addBusinessDays("2026-03-05", 1, friSat), "2026-03-08")
    expect.equal(cal.addBusinessDays("2026-03-07", 5, { weekend = {} }), "2026-03-12")
    expect.error(function() cal.isBusinessDay("2026-03-06", { weekend = { 8 } }) end, "weekday must be 1...7")
    expect.error(function() cal.isBusinessDay("2026-03-06", 5) end, "argument #2 must be a holiday function")
end)

test("quarters", function()
    local q, first, last = cal.quarter("2026-05-17")
    expect.equal(q, 2)
    expect.equal(first, "2026-04-01")
    expect.equal(last, "2026-06-30")
    q, first, last = cal.quarter("2024-02-29")
    expect.equal(q, 1)
    expect.equal(last, "2024-03-31")
    q, first, last = cal.quarter(cal.dayNumberOf("2026-12-31"))
    expect.equal(q, 4)
    expect.equal(first, "2026-10-01")
end)

test("dates of other calendars in a Gregorian year", function()
    -- Purim is 14 Adar (Adar II in a leap year): month 7 in calpolicy's Hebrew numbering.
    expect.equal(table.concat(cal.inGregorianYear("hebrew", 7, 14, 2026), ","), "2026-03-03")
    expect.equal(table.concat(cal.inGregorianYear("hebrew", 7, 14, 2024), ","), "2024-03-24")
    -- Purim Katan, 14 Adar I, exists only in Hebrew leap years.
    expect.equal(table.concat(cal.inGregorianYear("hebrew", 6, 14, 2024, true), ","), "2024-02-23")
    expect.equal(#cal.inGregorianYear("hebrew", 6, 14, 2026, true), 0)
    -- 1 Shawwal (Eid al-Fitr) falls twice in 2033 and once in 2026.
    expect.equal(table.concat(cal.inGregorianYear("islamic-civil", 10, 1, 2026), ","), "2026-03-20")
    expect.equal(table.concat(cal.inGregorianYear("islamic-civil", 10, 1, 2033), ","), "2033-01-03,2033-12-23")
    expect.error(function() cal.inGregorianYear("hebrew", 14, 1, 2026) end, "month must be 1...13")
end)
