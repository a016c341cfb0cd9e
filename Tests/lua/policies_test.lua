-- Tests for the shipped policies in policies/, run under a plain lua5.4 through harness.lua.
-- Expected dates come from published calendars (OPM for the U.S., gov.uk for England and Wales).

local here = debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or "."
local T = dofile(here .. "/testing.lua")
local H = dofile(here .. "/harness.lua")
local test, expect = T.test, T.expect
local cal = H.cal

local function policy(name) return H.load(H.root .. "/policies/" .. name .. ".lua") end

local function verdictOf(p, iso)
    local r = H.evaluate({ p }, iso)
    return r.selectable, r.reason, r.decoration
end

--- Expects `p` to deny `iso` for `reason`, with a decoration labelled `label`, or with
--- none when `label` is nil. Returns the decoration.
local function expectDenied(p, iso, reason, label)
    local ok, why, deco = verdictOf(p, iso)
    expect.eq(ok, false, iso .. " is denied")
    expect.eq(why, reason, iso .. " reason")
    if label == nil then
        expect.eq(deco, nil, iso .. " decoration")
    else
        expect.eq(deco and deco.label, label, iso .. " label")
    end
    return deco
end

--- Every denied day of a year with its reason, as "iso=reason" joined by ", ".
local function deniedDays(p, year)
    local out = {}
    for n = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31) do
        local iso = cal.isoOfDayNumber(n)
        local ok, reason = verdictOf(p, iso)
        if not ok then out[#out + 1] = iso .. "=" .. reason end
    end
    return table.concat(out, ", ")
end

test("everyShippedPolicyHasMetadata", function()
    for _, name in ipairs({ "weekends", "us-federal-holidays", "uk-bank-holidays", "change-freeze", "payday", "on-call" }) do
        local p = policy(name)
        expect.eq(p.name, name, "name")
        expect.eq(type(p.description), "string", name .. " description")
        expect.eq(p.version, "1.0.0", name .. " version")
    end
end)

test("everyShippedPolicyAnswersEveryDayOfThreeYearsWithTheRightTypes", function()
    for _, name in ipairs({ "weekends", "us-federal-holidays", "uk-bank-holidays", "change-freeze", "payday", "on-call" }) do
        local p = policy(name)
        for n = cal.dayNumber(2026, 1, 1), cal.dayNumber(2028, 12, 31) do
            H.evaluate({ p }, cal.isoOfDayNumber(n)) -- the harness raises on a wrong return type
        end
    end
end)

test("weekendsDeniesSaturdayAndSundayOnly", function()
    local p = policy("weekends")
    expectDenied(p, "2026-11-28", "weekend", nil)
    expect.eq((verdictOf(p, "2026-11-29")), false)
    for d = 23, 27 do expect.eq((verdictOf(p, cal.format(2026, 11, d))), true) end
end)

test("usFederalHolidays2026MatchOPM", function()
    expect.eq(deniedDays(policy("us-federal-holidays"), 2026), table.concat({
        "2026-01-01=New Year's Day", "2026-01-19=Birthday of Martin Luther King, Jr.",
        "2026-02-16=Washington's Birthday", "2026-05-25=Memorial Day",
        "2026-06-19=Juneteenth National Independence Day", "2026-07-03=Independence Day (observed)",
        "2026-07-04=Independence Day", "2026-09-07=Labor Day", "2026-10-12=Columbus Day",
        "2026-11-11=Veterans Day", "2026-11-26=Thanksgiving Day", "2026-12-25=Christmas Day" }, ", "))
end)

test("usNewYearOnSaturdayIsObservedOnTheLastDayOfTheYearBefore", function()
    local p = policy("us-federal-holidays")
    local deco = expectDenied(p, "2027-12-31", "New Year's Day (observed)", "New Year's Day (observed)")
    expect.eq(deco.kind, "default")
    expect.eq((verdictOf(p, "2028-01-01")), false)
    expect.eq((verdictOf(p, "2027-12-24")), false, "Christmas 2027 is a Saturday")
    expect.eq((verdictOf(p, "2027-06-18")), false, "Juneteenth 2027 is a Saturday")
end)

test("usHolidayAndItsObservedDayAreDecoratedDifferently", function()
    local p = policy("us-federal-holidays")
    local _, _, actual = verdictOf(p, "2026-07-04")
    local _, _, observed = verdictOf(p, "2026-07-03")
    expect.eq(actual.label, "Independence Day")
    expect.eq(observed.label, "Independence Day (observed)")
    expect.truthy(actual.color ~= observed.color, "observed days have their own colour")
    expect.eq(actual.size, "medium")
end)

test("usHistoricalRulesFollowTheLaw", function()
    local p = policy("us-federal-holidays")
    expect.eq(select(2, verdictOf(p, "1975-10-27")), "Veterans Day", "fourth Monday of October 1971-1977")
    expect.eq((verdictOf(p, "1975-11-11")), true)
    expect.eq(select(2, verdictOf(p, "1940-11-21")), "Thanksgiving Day", "Franksgiving")
    expect.eq(select(2, verdictOf(p, "1950-05-30")), "Memorial Day")
    expect.eq(select(2, verdictOf(p, "1950-02-22")), "Washington's Birthday")
    expect.eq(select(2, verdictOf(p, "1945-11-11")), "Armistice Day")
    expect.eq((verdictOf(p, "2020-06-19")), true, "Juneteenth starts in 2021")
    expect.eq((verdictOf(p, "1985-01-21")), true, "MLK Day starts in 1986")
    expect.eq(select(2, verdictOf(p, "2018-12-05")), "National Day of Mourning for former President George H. W. Bush")
    expect.eq((verdictOf(p, "2015-12-24")), true, "half-day closings stay selectable")
end)

test("ukBankHolidays2026MatchGovUK", function()
    expect.eq(deniedDays(policy("uk-bank-holidays"), 2026), table.concat({
        "2026-01-01=New Year's Day", "2026-04-03=Good Friday", "2026-04-06=Easter Monday",
        "2026-05-04=May Day", "2026-05-25=Spring Bank Holiday", "2026-08-31=Late Summer Bank Holiday",
        "2026-12-25=Christmas Day", "2026-12-26=Boxing Day", "2026-12-28=Boxing Day (observed)" }, ", "))
end)

test("ukChristmasOnAWeekendGetsMondayAndTuesday", function()
    local p = policy("uk-bank-holidays")
    expect.eq(select(2, verdictOf(p, "2027-12-27")), "Christmas Day (observed)")
    expect.eq(select(2, verdictOf(p, "2027-12-28")), "Boxing Day (observed)")
    expect.eq(select(2, verdictOf(p, "2022-12-27")), "Christmas Day (observed)")
    expect.eq(select(2, verdictOf(p, "2022-01-03")), "New Year's Day (observed)")
end)

test("ukMovedAndOneOffHolidaysComeFromTheDataTables", function()
    local p = policy("uk-bank-holidays")
    expect.eq(select(2, verdictOf(p, "2020-05-08")), "May Day")
    expect.eq((verdictOf(p, "2020-05-04")), true)
    expect.eq(select(2, verdictOf(p, "2022-06-02")), "Spring Bank Holiday")
    expect.eq(select(2, verdictOf(p, "2022-06-03")), "Platinum Jubilee of Elizabeth II")
    expect.eq((verdictOf(p, "2022-05-30")), true)
    expect.eq(select(2, verdictOf(p, "2023-05-08")), "Coronation of Charles III")
    expect.eq(select(2, verdictOf(p, "2022-09-19")), "State Funeral of Queen Elizabeth II")
end)

test("holidayCachesDoNotDependOnTheOrderOfDays", function()
    for _, name in ipairs({ "us-federal-holidays", "uk-bank-holidays" }) do
        local forward, backward = policy(name), policy(name)
        local first, last = cal.dayNumber(2020, 1, 1), cal.dayNumber(2023, 12, 31)
        local answers = {}
        for n = first, last do answers[n] = select(2, verdictOf(forward, cal.isoOfDayNumber(n))) or "" end
        for n = last, first, -1 do
            expect.eq(select(2, verdictOf(backward, cal.isoOfDayNumber(n))) or "", answers[n], name .. " " .. n)
        end
    end
end)

test("changeFreezeDeniesInsideAWindowWithItsReason", function()
    local p = policy("change-freeze")
    expectDenied(p, "2026-12-25", "change freeze: Year-end change freeze", "Year-end change freeze")
    expect.eq((verdictOf(p, "2026-12-18")), false, "first day is inclusive")
    expect.eq((verdictOf(p, "2027-01-04")), false, "last day is inclusive")
    expect.eq((verdictOf(p, "2027-01-05")), true)
    expect.eq((verdictOf(p, "2026-12-17")), true)
end)

local function withEditedCopy(name, from, to, fn)
    local src = H.readFile(H.root .. "/policies/" .. name .. ".lua")
    local edited, count = src:gsub(from, to, 1)
    expect.eq(count, 1, "edit applies")
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write(edited)
    f:close()
    local ok, err = pcall(H.load, path)
    os.remove(path)
    return fn(ok, err)
end

test("changeFreezeRefusesABadRowWithItsNumber", function()
    withEditedCopy("change-freeze", '"2026%-12%-18", to = "2027%-01%-04"', '"2027-01-04", to = "2026-12-18"',
        function(ok, err)
            expect.eq(ok, false)
            expect.truthy(tostring(err):find("FREEZES[2]: 'to' (2026-12-18) is before 'from' (2027-01-04)", 1, true), tostring(err))
        end)
    withEditedCopy("change-freeze", '"2026%-12%-18"', '"2026-12-32"', function(ok, err)
        expect.eq(ok, false)
        expect.truthy(tostring(err):find("FREEZES[2]: 'from' must be a date 'YYYY-MM-DD', got '2026-12-32'", 1, true), tostring(err))
    end)
end)

test("paydayIsTheLastWorkingDayOfTheMonth", function()
    local p = policy("payday")
    local function paydays(year)
        local out = {}
        for n = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31) do
            local _, _, deco = verdictOf(p, cal.isoOfDayNumber(n))
            if deco then out[#out + 1] = cal.isoOfDayNumber(n) end
        end
        return table.concat(out, " ")
    end
    expect.eq(paydays(2027), "2027-01-29 2027-02-26 2027-03-31 2027-04-30 2027-05-31 2027-06-30 "
        .. "2027-07-30 2027-08-31 2027-09-30 2027-10-29 2027-11-30 2027-12-30")
    local ok, _, deco = verdictOf(p, "2027-12-30")
    expect.eq(ok, true, "payday never denies")
    expect.eq(deco.kind, "image")
    expect.eq(deco.image, "banknote")
end)

test("onCallRotatesWeeklyWithSwaps", function()
    local p = policy("on-call")
    local function who(iso) local _, _, d = verdictOf(p, iso); return d and d.label end
    expect.eq(who("2026-01-04"), nil)
    expect.eq(who("2026-01-05"), "on call: alice")
    expect.eq(who("2026-01-11"), "on call: alice")
    expect.eq(who("2026-01-12"), "on call: bob")
    expect.eq(who("2026-02-02"), "on call: alice")
    expect.eq(who("2026-12-21"), "on call: erin")
    expect.eq(who("2026-12-28"), "on call: dave")
    expect.eq(who("2026-12-14"), "on call: bob")
end)

return T
