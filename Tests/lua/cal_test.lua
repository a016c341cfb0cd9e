-- Unit tests for Sources/PolicyEngine/Prelude/cal.lua under a plain lua5.4. Only the pure-Lua
-- functions are tested here; native ones are checked for argument handling with a stub host.

local T = dofile((debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or ".") .. "/testing.lua")
local H = dofile((debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or ".") .. "/harness.lua")
local test, expect = T.test, T.expect
local cal = H.cal

--- Loads a fresh cal chunk with `native` in an environment holding only the allowed libraries.
local function sandboxedCal(native)
    local env = H.baseEnvironment()
    env.string, env.table, env.math, env.utf8 = string, table, math, utf8
    local chunk = assert(load(H.readFile(H.calPath), "@cal.lua", "t", env))
    local before = {}
    for k in pairs(env) do before[k] = true end
    -- Day arithmetic is the host's: a stub host gets the test oracle's unless it sets its own.
    local host = {}
    for k, v in pairs(native or {}) do host[k] = v end
    if host.dayNumber == nil then host.dayNumber = H.civil.dayNumber end
    if host.civil == nil then host.civil = H.civil.civil end
    local c = chunk(host)
    local added = {}
    for k in pairs(env) do if not before[k] then added[#added + 1] = k end end
    return c, added
end

local function line() return debug.getinfo(2, "l").currentline end

-- Day numbers ------------------------------------------------------------------------------

test("dayNumberIsZeroOnTheUnixEpoch", function()
    expect.eq(cal.dayNumber(1970, 1, 1), 0)
    expect.eq(cal.dayNumber(1969, 12, 31), -1)
    expect.eq(cal.dayNumber(2000, 3, 1), 11017)
end)

test("dayNumberCoversYearsOneToNineThousandNineHundredNinetyNine", function()
    expect.eq(cal.dayNumber(1, 1, 1), -719162)
    expect.eq(cal.dayNumber(9999, 12, 31), 2932896)
    local y, m, d = cal.fromDayNumber(-719162)
    expect.eq(y * 10000 + m * 100 + d, 10101)
    y, m, d = cal.fromDayNumber(2932896)
    expect.eq(y * 10000 + m * 100 + d, 99991231)
end)

test("dayNumbersCountEveryDayFrom1600To2400WithoutGaps", function()
    local n = cal.dayNumber(1600, 1, 1)
    for y = 1600, 2400 do
        for m = 1, 12 do
            for d = 1, cal.daysInMonth(y, m) do
                if cal.dayNumber(y, m, d) ~= n then
                    error(string.format("dayNumber(%d, %d, %d) ~= %d", y, m, d, n))
                end
                local y2, m2, d2 = cal.fromDayNumber(n)
                if y2 ~= y or m2 ~= m or d2 ~= d then error("fromDayNumber(" .. n .. ") is wrong") end
                n = n + 1
            end
        end
    end
end)

test("dayNumberRejectsImpossibleDates", function()
    expect.fails("cal.dayNumber: day must be 1...28 in 2023-02, got '29'", cal.dayNumber, 2023, 2, 29)
    expect.fails("cal.dayNumber: month must be 1...12, got '13'", cal.dayNumber, 2023, 13, 1)
    expect.fails("cal.dayNumber: year must be 1...9999, got '0'", cal.dayNumber, 0, 1, 1)
    expect.fails("cal.dayNumber: year must be an integer, got '2023.5'", cal.dayNumber, 2023.5, 1, 1)
    expect.fails("cal.dayNumber: day must be an integer, got nil", cal.dayNumber, 2023, 1)
    expect.fails("cal.fromDayNumber: day number must be", cal.fromDayNumber, 2932897)
end)

test("integralFloatsAreAcceptedAsIntegers", function()
    expect.eq(cal.dayNumber(1970.0, 1, 2.0), 1)
    expect.eq(math.type(cal.dayNumber(1970.0, 1, 2.0)), "integer")
end)

-- Parsing and formatting ---------------------------------------------------------------------

test("parseSplitsAnISODate", function()
    local y, m, d = cal.parse("2024-02-29")
    expect.eq(y, 2024); expect.eq(m, 2); expect.eq(d, 29)
end)

test("parseRejectsEverythingButARealDay", function()
    expect.fails("cal.parse: invalid date '2023-02-29': day must be 1...28 in 2023-02", cal.parse, "2023-02-29")
    expect.fails("cal.parse: invalid date '2023-2-3': expected 'YYYY-MM-DD'", cal.parse, "2023-2-3")
    expect.fails("cal.parse: invalid date '2023-13-01': month must be 1...12", cal.parse, "2023-13-01")
    expect.fails("cal.parse: invalid date '0000-01-01': year must be 1...9999", cal.parse, "0000-01-01")
    expect.fails("expected 'YYYY-MM-DD'", cal.parse, "2023-01-0a")
    expect.fails("expected 'YYYY-MM-DD'", cal.parse, " 2023-01-01")
    expect.fails("expected 'YYYY-MM-DD'", cal.parse, "2023/01/01")
    expect.fails("expected 'YYYY-MM-DD'", cal.parse, "2023-01-01\0")
    expect.fails("cal.parse: date must be an ISO date string 'YYYY-MM-DD', got table", cal.parse, {})
end)

test("parseQuotesLongInputShortened", function()
    local err = expect.fails("cal.parse: date must be", cal.parse, 20230101)
    expect.truthy(err:find("'20230101'", 1, true), "numbers are quoted")
    err = expect.fails("cal.parse: invalid date '", cal.parse, string.rep("x", 500))
    expect.truthy(#err < 200, "a long input is cut in the message")
end)

test("formatPadsToFourTwoTwoDigits", function()
    expect.eq(cal.format(2026, 1, 5), "2026-01-05")
    expect.eq(cal.format(33, 12, 31), "0033-12-31")
    expect.fails("cal.format: day must be 1...30 in 2026-04, got '31'", cal.format, 2026, 4, 31)
end)

test("isoAndDayNumberConvertBothWays", function()
    expect.eq(cal.isoOfDayNumber(0), "1970-01-01")
    expect.eq(cal.dayNumberOf("2026-11-29"), cal.dayNumber(2026, 11, 29))
end)

-- Arithmetic ---------------------------------------------------------------------------------

test("addDaysCrossesMonthsYearsAndLeapDays", function()
    expect.eq(cal.addDays("2024-02-28", 1), "2024-02-29")
    expect.eq(cal.addDays("2023-02-28", 1), "2023-03-01")
    expect.eq(cal.addDays("2026-12-31", 1), "2027-01-01")
    expect.eq(cal.addDays("2027-01-01", -1), "2026-12-31")
    expect.eq(cal.addDays("2026-01-01", 365), "2027-01-01")
    expect.eq(cal.addDays("2026-06-15", 0), "2026-06-15")
end)

test("addDaysRefusesToLeaveTheSupportedSpan", function()
    expect.fails("outside 0001-01-01...9999-12-31", cal.addDays, "9999-12-31", 1)
    expect.fails("outside 0001-01-01...9999-12-31", cal.addDays, "0001-01-01", -1)
    expect.fails("cal.addDays: count must be an integer, got '1.5'", cal.addDays, "2026-01-01", 1.5)
end)

test("daysBetweenIsSigned", function()
    expect.eq(cal.daysBetween("2026-01-01", "2027-01-01"), 365)
    expect.eq(cal.daysBetween("2024-03-01", "2024-02-01"), -29)
end)

test("weekdayIsOneForSunday", function()
    expect.eq(cal.weekday("2026-11-29"), 1)
    expect.eq(cal.weekday("2000-01-01"), 7)
    expect.eq(cal.weekday("1970-01-01"), 5)
    expect.eq(cal.weekday("0001-01-01"), 2)
    expect.eq(cal.weekdayOfDayNumber(-1), 4)
    expect.eq(cal.isWeekend("2026-11-28"), true)
    expect.eq(cal.isWeekend("2026-11-27"), false)
end)

test("leapYearsFollowTheGregorianRule", function()
    expect.eq(cal.isLeapYear(2024), true)
    expect.eq(cal.isLeapYear(2023), false)
    expect.eq(cal.isLeapYear(1900), false)
    expect.eq(cal.isLeapYear(2000), true)
    expect.eq(cal.daysInMonth(2024, 2), 29)
    expect.eq(cal.daysInMonth(2100, 2), 28)
    expect.eq(cal.daysInMonth(2026, 4), 30)
    expect.fails("cal.daysInMonth: month must be 1...12, got '0'", cal.daysInMonth, 2026, 0)
end)

-- Nth weekday --------------------------------------------------------------------------------

test("nthWeekdayFindsUSHolidays", function()
    expect.eq(cal.nthWeekday(2026, 11, cal.THURSDAY, 4), "2026-11-26")
    expect.eq(cal.nthWeekday(2026, 5, cal.MONDAY, -1), "2026-05-25")
    expect.eq(cal.nthWeekday(2026, 1, cal.MONDAY, 3), "2026-01-19")
    expect.eq(cal.nthWeekday(2026, 9, cal.MONDAY, 1), "2026-09-07")
end)

test("nthWeekdayIsNilWhenTheMonthHasNoSuchDay", function()
    expect.eq(cal.nthWeekday(2026, 2, cal.MONDAY, 5), nil)
    expect.eq(cal.nthWeekday(2026, 3, cal.MONDAY, 5), "2026-03-30")
    expect.eq(cal.nthWeekdayDayNumber(2026, 2, cal.MONDAY, -5), nil)
end)

test("nthWeekdayAgreesWithCountingEveryDay", function()
    for y = 1995, 2030 do
        for m = 1, 12 do
            local byWeekday = { {}, {}, {}, {}, {}, {}, {} }
            for d = 1, cal.daysInMonth(y, m) do
                local n = cal.dayNumber(y, m, d)
                local list = byWeekday[cal.weekdayOfDayNumber(n)]
                list[#list + 1] = n
            end
            for wd = 1, 7 do
                local list = byWeekday[wd]
                for k = 1, 5 do
                    expect.eq(cal.nthWeekdayDayNumber(y, m, wd, k), list[k], string.format("%d-%d wd %d n %d", y, m, wd, k))
                    expect.eq(cal.nthWeekdayDayNumber(y, m, wd, -k), list[#list + 1 - k],
                        string.format("%d-%d wd %d n -%d", y, m, wd, k))
                end
            end
        end
    end
end)

test("nthWeekdayRejectsBadArguments", function()
    expect.fails("cal.nthWeekday: n must be 1...5 or -1...-5 (-1 = last), got '0'", cal.nthWeekday, 2026, 1, 2, 0)
    expect.fails("cal.nthWeekday: weekday must be 1...7 (1 = Sunday), got '8'", cal.nthWeekday, 2026, 1, 8, 1)
    expect.fails("cal.nthWeekday: n must be 1...5 or -1...-5", cal.nthWeekday, 2026, 1, 2, 6)
end)

-- Easter -------------------------------------------------------------------------------------

test("westernEasterMatchesPublishedDates", function()
    local known = { [1818] = "1818-03-22", [1943] = "1943-04-25", [2000] = "2000-04-23",
        [2019] = "2019-04-21", [2024] = "2024-03-31", [2025] = "2025-04-20", [2026] = "2026-04-05",
        [2038] = "2038-04-25", [2285] = "2285-03-22" }
    for y, iso in pairs(known) do
        expect.eq(cal.easter(y), iso, "easter " .. y)
        expect.eq(cal.easter(y, "western"), iso, "western easter " .. y)
    end
end)

test("orthodoxEasterIsGivenAsAGregorianDate", function()
    local known = { [2010] = "2010-04-04", [2021] = "2021-05-02", [2023] = "2023-04-16",
        [2024] = "2024-05-05", [2025] = "2025-04-20", [2026] = "2026-04-12", [2100] = "2100-05-02" }
    for y, iso in pairs(known) do expect.eq(cal.easter(y, "orthodox"), iso, "orthodox easter " .. y) end
end)

test("easterIsAlwaysASundayInItsWindow", function()
    for y = 1583, 4099 do
        local w = cal.easterDayNumber(y)
        expect.eq(cal.weekdayOfDayNumber(w), 1, "western easter weekday " .. y)
        local lo, hi = cal.dayNumber(y, 3, 22), cal.dayNumber(y, 4, 25)
        expect.truthy(w >= lo and w <= hi, "western easter window " .. y)
        local o = cal.easterDayNumber(y, "orthodox")
        expect.eq(cal.weekdayOfDayNumber(o), 1, "orthodox easter weekday " .. y)
        expect.truthy(o >= w, "orthodox easter is never before western " .. y)
    end
end)

test("easterRejectsAnUnknownKind", function()
    expect.fails("cal.easter: kind must be 'western' or 'orthodox', got 'coptic'", cal.easter, 2026, "coptic")
    expect.fails("cal.easterDayNumber: year must be 1...9999", cal.easterDayNumber, 10000)
end)

-- Observed days ------------------------------------------------------------------------------

local weekOf20260104 = { "2026-01-04", "2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08",
    "2026-01-09", "2026-01-10" } -- Sunday ... Saturday

test("shippedRulesMoveOnlyTheirWeekdays", function()
    local sat, sun = "2026-01-10", "2026-01-04"
    expect.eq(cal.observed(sat, cal.SAT_TO_PREV_FRI), "2026-01-09")
    expect.eq(cal.observed(sun, cal.SAT_TO_PREV_FRI), sun)
    expect.eq(cal.observed(sun, cal.SUN_TO_NEXT_MON), "2026-01-05")
    expect.eq(cal.observed(sat, cal.SUN_TO_NEXT_MON), sat)
    expect.eq(cal.observed(sat, cal.SAT_SUN_TO_NEXT_MON), "2026-01-12")
    expect.eq(cal.observed(sun, cal.SAT_SUN_TO_NEXT_MON), "2026-01-05")
    expect.eq(cal.observed(sat, cal.NEAREST_WEEKDAY), "2026-01-09")
    expect.eq(cal.observed(sun, cal.NEAREST_WEEKDAY), "2026-01-05")
    expect.eq(cal.observed(sat, cal.SAT_SUN_TO_NEXT_MON_TUE), "2026-01-12")
    expect.eq(cal.observed(sun, cal.SAT_SUN_TO_NEXT_MON_TUE), "2026-01-06")
    expect.eq(cal.observed(sun, cal.SAT_SUN_TO_PREV_FRI), "2026-01-02")
    for i = 2, 6 do
        for _, rule in ipairs({ cal.SAT_TO_PREV_FRI, cal.SUN_TO_NEXT_MON, cal.NEAREST_WEEKDAY,
            cal.NEXT_WORKDAY, cal.PREV_WORKDAY, cal.SAT_SUN_TO_NEXT_MON }) do
            expect.eq(cal.observed(weekOf20260104[i], rule), weekOf20260104[i], "weekdays stay")
        end
    end
end)

test("rulesCombineWithPlus", function()
    local both = cal.SAT_TO_PREV_FRI + cal.SUN_TO_NEXT_MON
    expect.eq(cal.observed("2022-01-01", both), "2021-12-31")
    expect.eq(cal.observed("2022-12-25", both), "2022-12-26")
    expect.eq(tostring(both), "cal.SAT_TO_PREV_FRI + cal.SUN_TO_NEXT_MON")
    local custom = cal.SUN_TO_NEXT_MON + { [7] = 2 }
    expect.eq(tostring(custom), "cal.SUN_TO_NEXT_MON + cal.rule{...}")
    expect.eq(cal.observed("2026-01-10", custom), "2026-01-12")
end)

test("workdayRulesSkipTakenDays", function()
    -- Saturday 2021-12-25 with Monday the 27th already a holiday.
    expect.eq(cal.observed("2021-12-25", cal.NEXT_WORKDAY), "2021-12-27")
    expect.eq(cal.observed("2021-12-25", cal.NEXT_WORKDAY, { ["2021-12-27"] = true }), "2021-12-28")
    expect.eq(cal.observed("2021-12-25", cal.NEXT_WORKDAY, function(iso) return iso == "2021-12-27" end),
        "2021-12-28")
    expect.eq(cal.observed("2021-12-26", cal.PREV_WORKDAY, { ["2021-12-24"] = true }), "2021-12-23")
    expect.fails("cal.observed: no free working day within a year of 2021-12-25", cal.observed,
        "2021-12-25", cal.NEXT_WORKDAY, function() return true end)
    local sat = cal.dayNumber(2021, 12, 25)
    expect.eq(cal.observedDayNumber(sat, cal.NEXT_WORKDAY, { [sat + 2] = true }), sat + 3)
end)

test("shippedRulesAreReadOnly", function()
    expect.fails("observed-day rules are read-only", function() cal.SAT_TO_PREV_FRI[1] = 1 end)
    expect.fails("observed-day rules are read-only", function() cal.SAT_TO_PREV_FRI[7] = 1 end)
    expect.eq(cal.SAT_TO_PREV_FRI[7], -1)
    expect.eq(getmetatable(cal.NEAREST_WEEKDAY), "cal.rule")
    local seen = 0
    for wd, v in pairs(cal.NEAREST_WEEKDAY) do seen = seen + 1; expect.eq(v, wd == 7 and -1 or 1) end
    expect.eq(seen, 2)
end)

test("customRulesAreValidated", function()
    expect.fails("cal.rule: rule keys must be weekdays 1...7 (1 = Sunday), got '8'", cal.rule, { [8] = 1 })
    expect.fails("cal.rule: rule shift for weekday 7 must be an integer -7...7, got '9'", cal.rule, { [7] = 9 })
    expect.fails("cal.observed: rule must be a table like cal.SUN_TO_NEXT_MON, got 'SAT_TO_PREV_FRI'", cal.observed,
        "2026-01-10", "SAT_TO_PREV_FRI")
    expect.fails("cal.observed: rule shift for weekday 7 must be an integer -7...7, got 'x'",
        function() return cal.observed("2026-01-10", { [7] = "x" }) end)
    expect.fails("cal.observed: taken must be a set table or a function, got '5'", cal.observed,
        "2026-01-10", cal.NEXT_WORKDAY, 5)
    expect.fails("cal.observed: rule keys must be weekdays 1...7 (1 = Sunday), got 'sat'", cal.observed,
        "2026-01-10", { sat = -1 })
    local r = cal.rule({ [7] = -1 })
    expect.eq(cal.observed("2026-01-10", r), "2026-01-09")
end)

-- Substitute days ----------------------------------------------------------------------------

local function dates(list)
    local out = {}
    for i, e in ipairs(list) do
        out[i] = e.date .. (e.observed and (" " .. e.name .. " for " .. e.of) or (" " .. e.name))
    end
    return table.concat(out, ", ")
end

test("substituteGivesUKChristmasOnAWeekendTwoWeekdays", function()
    local got = cal.substitute({ { date = "2021-12-26", name = "Boxing Day" }, { "2021-12-25", "Christmas Day" } })
    expect.eq(dates(got), "2021-12-25 Christmas Day, 2021-12-26 Boxing Day, "
        .. "2021-12-27 Christmas Day for 2021-12-25, 2021-12-28 Boxing Day for 2021-12-26")
end)

test("substituteSkipsAHolidayAlreadyOnTheNextMonday", function()
    local got = cal.substitute({ { date = "2022-12-25", name = "Christmas Day" }, { date = "2022-12-26", name = "Boxing Day" } })
    expect.eq(dates(got), "2022-12-25 Christmas Day, 2022-12-26 Boxing Day, 2022-12-27 Christmas Day for 2022-12-25")
end)

test("substituteWithAFixedShiftStillAvoidsCollisions", function()
    -- Saturday holiday shifted back to Friday, which is taken: the substitute goes to Thursday.
    local got = cal.substitute({ { date = "2026-01-10", name = "A" }, { date = "2026-01-09", name = "B" } },
        cal.SAT_TO_PREV_FRI)
    expect.eq(dates(got), "2026-01-08 A for 2026-01-10, 2026-01-09 B, 2026-01-10 A")
end)

test("substituteAcceptsDayNumbersAndLeavesItsInputAlone", function()
    local input = { { date = cal.dayNumber(2022, 1, 1), name = "New Year's Day" } }
    local got = cal.substitute(input)
    expect.eq(dates(got), "2022-01-01 New Year's Day, 2022-01-03 New Year's Day for 2022-01-01")
    expect.eq(got[2].dayNumber, cal.dayNumber(2022, 1, 3))
    expect.eq(#input, 1)
    expect.eq(input[1].observed, nil)
end)

test("substituteWithAnEmptyRuleAddsNothing", function()
    expect.eq(#cal.substitute({ { "2022-01-01", "New Year's Day" } }, {}), 1)
    expect.eq(#cal.substitute({}), 0)
end)

test("substituteNamesTheBadEntry", function()
    expect.fails("cal.substitute: entry 2: invalid date '2022-02-30'", cal.substitute,
        { { "2022-01-01", "a" }, { "2022-02-30", "b" } })
    expect.fails("cal.substitute: entry 1: name must be a string, got nil", cal.substitute, { { "2022-01-01" } })
    expect.fails("cal.substitute: entry 1 must be a table", cal.substitute, { "2022-01-01" })
    expect.fails("cal.substitute: days must be a list", cal.substitute, "2022-01-01")
end)

-- Errors point at the caller -----------------------------------------------------------------

test("errorsNameThePolicyLineNotCalLua", function()
    local cases = {
        function() return line(), cal.parse("nope") end,
        function() return line(), cal.dayNumberOf("nope") end,
        function() return line(), cal.dayNumber(2026, 2, 30) end,
        function() return line(), cal.nthWeekday(2026, 1, 2, 9) end,
        function() return line(), cal.easterDayNumber(2026, "x") end,
        function() return line(), cal.observed("2026-01-10", { [7] = 99 }) end,
        function() return line(), cal.observedDayNumber(1.5, cal.NEXT_WORKDAY) end,
        function() return line(), cal.substitute({ { "x", "y" } }) end,
        function() return line(), cal.rule({ [0] = 1 }) end,
        function() return line(), cal.SAT_TO_PREV_FRI + 5 end,
        function() return line(), cal.convert("2026-01-01", 5) end,
        function() return line(), cal.dayNumber(2023.5, 1, 1) end,
        function() return line(), cal.dayNumber(2023, "1", 1) end,
        function() return line(), cal.format(2023, 1, nil) end,
        function() return line(), cal.nthWeekday(2026.5, 1, 2, 1) end,
        function() return line(), cal.nthWeekday(2026, 13, 2, 1) end,
        function() return line(), cal.nthWeekdayDayNumber(2026, 1, 0, 1) end,
        function() return line(), cal.easter(0) end,
        function() return line(), cal.easter("2026") end,
        function() return line(), cal.daysInMonth(2026, "1") end,
        function() return line(), cal.fromDayNumber(1.5) end,
        function() return line(), cal.isoOfDayNumber(nil) end,
        function() return line(), cal.weekdayOfDayNumber(9999999) end,
        function() return line(), cal.addDays("2026-01-01", 1.5) end,
        function() return line(), cal.addDays("9999-12-31", 1) end,
        function() return line(), cal.weekday(5) end,
        function() return line(), cal.isLeapYear("x") end,
        function() return line(), cal.observed("2026-01-10", cal.NEXT_WORKDAY, 5) end,
        function() return line(), cal.observed("2026-01-10", "x") end,
        function() return line(), cal.substitute({ { "2026-01-01", 5 } }) end,
        function() return line(), cal.substitute({ { "2026-01-01", "a" } }, { [7] = 0.5 }) end,
        function() return line(), cal.fromCalendar("hebrew", 1.5, 1, 1) end,
        function() return line(), cal.fromCalendar("hebrew", 1, 1, 1, 1) end,
        function() cal.NEAREST_WEEKDAY[7] = 0 end,
    }
    for i, f in ipairs(cases) do
        local info = debug.getinfo(f, "S")
        local ok, err = pcall(f)
        expect.eq(ok, false, "case " .. i .. " fails")
        local where = string.format("%s:%d:", info.short_src, info.linedefined)
        expect.eq(err:sub(1, #where), where, "case " .. i .. " position")
    end
end)

-- Host functions -----------------------------------------------------------------------------

test("hostFunctionsGoThroughNative", function()
    local calls = {}
    local c = sandboxedCal({
        today = function() return "2026-11-29" end,
        convert = function(iso, name)
            calls[#calls + 1] = iso .. " " .. name
            return { name = name, year = 5787, month = 3, day = 18, isLeapMonth = false, era = 0 }
        end,
        fromCalendar = function(name, y, m, d, leap)
            calls[#calls + 1] = string.format("%s %d %d %d %s", name, y, m, d, tostring(leap))
            if m == 99 then return nil, "month 99 does not exist" end
            return "2026-12-05"
        end,
    })
    expect.eq(c.today(), "2026-11-29")
    expect.eq(c.convert("2026-12-07", "hebrew").year, 5787)
    expect.eq(c.fromCalendar("hebrew", 5787, 3, 25), "2026-12-05")
    expect.eq(calls[1], "2026-12-07 hebrew")
    expect.eq(calls[2], "hebrew 5787 3 25 false")
    expect.fails("cal.fromCalendar: month 99 does not exist", c.fromCalendar, "hebrew", 5787, 99, 1)
    expect.fails("cal.convert: invalid date '2026-13-01'", c.convert, "2026-13-01", "hebrew")
    expect.fails("cal.convert: calendar must be a calendar name such as 'hebrew', got nil", c.convert, "2026-01-01")
    expect.fails("cal.fromCalendar: isLeapMonth must be a boolean, got 'yes'", c.fromCalendar, "hebrew", 1, 1, 1, "yes")
end)

test("hostFunctionsFailClearlyWithoutAHost", function()
    local c = sandboxedCal(nil)
    expect.fails("cal.today: not available in this host", c.today)
    expect.fails("cal.convert: not available in this host", c.convert, "2026-01-01", "hebrew")
    expect.eq(c.easter(2026), "2026-04-05")
end)

-- Per-year tables ---------------------------------------------------------------------------

--- A day as a plain table with the fields byYear reads, counting field reads.
local function countingDay(iso, reads)
    local n = cal.dayNumberOf(iso)
    local y = cal.parse(iso)
    return setmetatable({}, { __index = function(_, k)
        reads[#reads + 1] = k
        if k == "dayNumber" then return n elseif k == "year" then return y end
    end })
end

test("byYearBuildsEachYearOnceAndLooksDaysUpByNumber", function()
    local built = {}
    local lookup = cal.byYear(function(year)
        built[#built + 1] = year
        return { [cal.dayNumber(year, 12, 25)] = "christmas " .. year }
    end)
    local reads = {}
    expect.eq(lookup(countingDay("2026-12-25", reads)), "christmas 2026")
    expect.eq(lookup(countingDay("2026-12-24", reads)), nil)
    expect.eq(lookup(countingDay("2027-12-25", reads)), "christmas 2027")
    expect.eq(lookup(countingDay("2026-01-01", reads)), nil)
    expect.eq(lookup(countingDay("2027-12-25", reads)), "christmas 2027")
    expect.eq(table.concat(built, ","), "2026,2027")
end)

test("byYearGivesAYearsTableForTheYearItselfBuiltOnce", function()
    local built = {}
    local lookup = cal.byYear(function(year)
        built[#built + 1] = year
        return { [cal.dayNumber(year, 12, 25)] = "christmas" }
    end)
    local t = lookup(2026)
    expect.eq(t[cal.dayNumber(2026, 12, 25)], "christmas")
    expect.eq(lookup(countingDay("2026-12-25", {})), "christmas")
    expect.eq(lookup(2026), t)
    expect.eq(table.concat(built, ","), "2026")
    expect.fails("cal.byYear: a year must be an integer 1...9999, got '2026.5'", lookup, 2026.5)
    expect.fails("cal.byYear: a year must be an integer 1...9999, got '0'", lookup, 0)
end)

test("byYearReadsTheYearOnlyWhenTheDayLeavesTheLastYear", function()
    local lookup = cal.byYear(function() return {} end)
    local reads = {}
    lookup(countingDay("2026-01-01", reads))
    lookup(countingDay("2026-12-31", reads))
    lookup(countingDay("2025-12-31", reads))
    expect.eq(table.concat(reads, ","), "dayNumber,year,dayNumber,dayNumber,year")
end)

test("byYearAnswersTheSameDayTwiceWithoutReadingIt", function()
    local lookup = cal.byYear(function(year) return { [cal.dayNumber(year, 7, 4)] = "july 4" } end)
    local reads = {}
    local day = countingDay("2026-07-04", reads)
    expect.eq(lookup(day), "july 4")
    expect.eq(lookup(day), "july 4")
    expect.eq(table.concat(reads, ","), "dayNumber,year")
end)

test("byYearRejectsABuildThatIsNoFunctionOrReturnsNoTable", function()
    expect.fails("cal.byYear: build must be a function, got nil", cal.byYear, nil)
    local lookup = cal.byYear(function() return "holidays" end)
    expect.fails("cal.byYear: build(2026) must return a table, got 'holidays'", lookup, countingDay("2026-01-01", {}))
end)

test("byYearRejectsADayWithoutIntegerFields", function()
    local lookup = cal.byYear(function() return {} end)
    expect.fails("cal.byYear: day.dayNumber must be an integer, got 'soon'", lookup, { dayNumber = "soon" })
    expect.fails("cal.byYear: day.year must be an integer, got nil", lookup, { dayNumber = 5 })
    expect.eq(lookup({ dayNumber = 20000.0, year = 2024.0 }), nil)
end)

test("byYearRefusesATableDayWhoseYearIsOutsideTheSupportedSpan", function()
    local built = {}
    local lookup = cal.byYear(function(year) built[#built + 1] = year return {} end)
    expect.fails("cal.byYear: day.year must be 1...9999, got '9223372036854775807'", lookup,
        { dayNumber = 1, year = math.maxinteger })
    expect.fails("cal.byYear: day.year must be 1...9999, got '-9223372036854775808'", lookup,
        { dayNumber = 1, year = math.mininteger })
    expect.fails("cal.byYear: day.year must be 1...9999, got '0'", lookup, { dayNumber = 1, year = 0 })
    expect.eq(#built, 0, "build() ran for a refused year")
    expect.eq(lookup({ dayNumber = math.maxinteger, year = 2026 }), nil)
end)

test("addDaysChecksTheCountBeforeAddingIt", function()
    expect.fails("outside 0001-01-01...9999-12-31", cal.addDays, "9999-12-31", math.maxinteger)
    expect.fails("outside 0001-01-01...9999-12-31", cal.addDays, "0001-01-01", math.mininteger)
    expect.fails("outside 0001-01-01...9999-12-31", cal.addDays, "9999-12-31", math.mininteger)
    expect.fails("cal.addDays: count must be an integer, got", cal.addDays, "2026-01-01", 0 / 0)
    expect.eq(cal.addDays("0001-01-01", 3652058), "9999-12-31")
    expect.eq(cal.addDays("9999-12-31", -3652058), "0001-01-01")
end)

test("calNeedsOnlyTheSandboxedLibraries", function()
    local c, added = sandboxedCal({})
    expect.eq(c.addDays("2026-12-31", 1), "2027-01-01")
    expect.eq(#c.substitute({ { "2022-12-25", "Christmas Day" } }), 2)
    expect.eq(table.concat(added, ","), "", "globals set by cal.lua")
end)


test("cal refuses to load without the host's day arithmetic", function()
    local env = H.baseEnvironment()
    env.string, env.table, env.math, env.utf8 = string, table, math, utf8
    local chunk = assert(load(H.readFile(H.calPath), "@cal.lua", "t", env))
    local ok, message = pcall(chunk, {})
    expect.eq(ok, false, "loaded without native.dayNumber")
    expect.eq(message, "cal: the host gives no day arithmetic (native.dayNumber and native.civil)", "message")
end)

test("the oracle's day arithmetic round-trips over years 1...9999", function()
    for n = -719162, 2932896, 997 do
        local y, m, d = H.civil.civil(n)
        expect.eq(H.civil.dayNumber(y, m, d), n, "round trip of " .. n)
    end
    expect.eq(H.civil.dayNumber(1970, 1, 1), 0, "epoch")
    expect.eq(H.civil.dayNumber(2000, 3, 1), 11017, "2000-03-01")
    expect.eq(select(3, H.civil.civil(-1)), 31, "1969-12-31")
end)

test("closedCountsWallMinutesHalfOpenWith2400", function()
    local c = cal.closed("15:00", "24:00", "no Friday deploys")
    expect.eq(c.from, 900, "from")
    expect.eq(c.to, 1440, "to")
    expect.eq(c.reason, "no Friday deploys", "reason")
    expect.eq(cal.closed("00:00", "00:01").to, 1, "one minute")
end)

test("openOnlyIsTheComplement", function()
    local list = cal.openOnly("09:00", "17:30", "outside hours")
    expect.eq(#list, 2, "two intervals")
    expect.eq(list[1].from .. "-" .. list[1].to .. "," .. list[2].from .. "-" .. list[2].to, "0-540,1050-1440", "minutes")
    expect.eq(#cal.openOnly("00:00", "24:00"), 0, "open all day closes nothing")
    expect.eq(#cal.openOnly("00:00", "12:00"), 1, "open from midnight: closed after only")
end)

test("closedRefusesMalformedTimes", function()
    expect.fails("from must be a time 'HH:MM' from 00:00 to 24:00, got '25:00'", cal.closed, "25:00", "26:00")
    expect.fails("got '12:7'", cal.closed, "12:7", "13:00")
    expect.fails("to must be a time 'HH:MM' from 00:00 to 24:00, got '24:30'", cal.closed, "10:00", "24:30")
    expect.fails("got '09:60'", cal.closed, "09:60", "10:00")
    expect.fails("from '13:00' must be before to '12:00'", cal.closed, "13:00", "12:00")
    expect.fails("from '13:00' must be before to '13:00'", cal.openOnly, "13:00", "13:00")
    expect.fails("reason must be a string, got '5'", cal.closed, "10:00", "11:00", 5)
    expect.fails("from must be a time 'HH:MM'", cal.closed, 900, "11:00")
end)

return T
