-- us-federal-holidays.lua: U.S. federal holidays, decorated and not selectable.
--
-- Encodes 5 U.S.C. 6103(a): New Year's Day, Birthday of Martin Luther King, Jr. (from 1986),
-- Washington's Birthday, Memorial Day, Juneteenth National Independence Day (from 2021),
-- Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving Day, Christmas Day,
-- with their history:
--   * Washington's Birthday on Feb 22 until 1970, third Monday of February from 1971;
--     Memorial Day on May 30 (1888-1970), last Monday of May from 1971; Columbus Day second
--     Monday of October from 1971 (Uniform Monday Holiday Act, Pub. L. 90-363).
--   * Armistice Day (1938-1953) / Veterans Day: Nov 11, except fourth Monday of October 1971-1977.
--   * Thanksgiving: last Thursday of November, fourth Thursday from 1942 (H.J. Res. 41, 1941),
--     with the proclaimed dates of 1939-1941.
--   * Observed days (E.O. 11582; 5 U.S.C. 6103(b)): a holiday on Saturday is observed on Friday,
--     on Sunday on Monday, from 1966; 1953-1965 only Sunday moved to Monday (32 Comp. Gen. 378).
--     New Year's Day on a Saturday is observed on Dec 31 of the year before (from 1967).
--   * Executive-order closings of the federal government (Christmas Eve, days of mourning) are
--     full-day closings listed in CLOSINGS below; add new ones there when they are announced.
-- Both the holiday and its observed weekday are denied and decorated; the observed one is
-- labelled "<Name> (observed)". Several holidays on one day are joined with "; ".
--
-- Sources: 5 U.S.C. 6103; OPM federal holidays (opm.gov/policy-data-oversight/pay-leave/federal-holidays);
-- CRS report R41990 "Federal Holidays: Evolution and Current Practices"; the executive orders named
-- in CLOSINGS. Checked day by day against python-holidays 0.109, `holidays.US(categories=GOVERNMENT)`,
-- by scripts/checks/holidays.sh.
--
-- Deliberate differences from python-holidays (also the allow-list in scripts/oracles/holidays.py):
--   * Memorial Day on May 30, 1888-1970, is included; python-holidays lists it only in its
--     PUBLIC category, not among federal (GOVERNMENT) holidays.
--   * Half-day closings (Christmas Eve 2002, 2009, 2015) are not holidays here: the afternoon
--     off leaves a working day, so the day stays selectable.
-- Before 1870, when 16 Stat. 168 created the first federal holidays, the policy knows none.

local NEAREST = cal.SAT_TO_PREV_FRI + cal.SUN_TO_NEXT_MON
local SUN_ONLY = cal.SUN_TO_NEXT_MON
local MON, THU = cal.MONDAY, cal.THURSDAY

local HOLIDAY_COLOR = "#c62828"
local OBSERVED_COLOR = "#ef6c00"

-- Full-day closings by executive order. An ops person may add rows: date, name, source.
local CLOSINGS = {
    { date = "2001-12-24", name = "Christmas Eve", source = "E.O. 13238" },
    { date = "2003-12-26", name = "Day After Christmas", source = "E.O. 13320" },
    { date = "2004-06-11", name = "National Day of Mourning for former President Ronald Reagan", source = "E.O. 13343" },
    { date = "2007-01-02", name = "National Day of Mourning for former President Gerald R. Ford", source = "E.O. 13421" },
    { date = "2007-12-24", name = "Christmas Eve", source = "E.O. 13453" },
    { date = "2008-12-26", name = "Day After Christmas", source = "E.O. 13482" },
    { date = "2012-12-24", name = "Christmas Eve", source = "E.O. 13633" },
    { date = "2014-12-26", name = "Day After Christmas", source = "E.O. 13682" },
    { date = "2018-12-05", name = "National Day of Mourning for former President George H. W. Bush", source = "E.O. 13852" },
    { date = "2018-12-24", name = "Christmas Eve", source = "E.O. 13854" },
    { date = "2019-12-24", name = "Christmas Eve", source = "E.O. 13900" },
    { date = "2020-12-24", name = "Christmas Eve", source = "E.O. 13965" },
    { date = "2024-12-24", name = "Christmas Eve", source = "E.O. 14129" },
    { date = "2025-01-09", name = "National Day of Mourning for former President Jimmy Carter", source = "E.O. 14133" },
    { date = "2025-12-24", name = "Christmas Eve", source = "E.O. 14371" },
    { date = "2025-12-26", name = "Day After Christmas", source = "E.O. 14371" },
}

-- Thanksgiving dates proclaimed outside the general rule.
local THANKSGIVING = { [1939] = { 11, 23 }, [1940] = { 11, 21 }, [1941] = { 11, 20 } }

local closingsByYear = {}
for _, c in ipairs(CLOSINGS) do
    local y = cal.parse(c.date)
    local list = closingsByYear[y] or {}
    list[#list + 1] = { dayNumber = cal.dayNumberOf(c.date), name = c.name }
    closingsByYear[y] = list
end

--- Every holiday and observed day of one year: dayNumber -> decoration table.
local function build(year)
    local first, last = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31)
    local map = {}
    -- One decoration per day; a second holiday on it joins the label, and the day is an
    -- actual holiday (HOLIDAY_COLOR) as soon as one of its holidays is not only observed.
    local function put(n, label, isActual)
        if n < first or n > last then return end
        local entry = map[n]
        if entry then
            entry.label = entry.label .. "; " .. label
            if isActual then entry.color = HOLIDAY_COLOR end
        else
            map[n] = { kind = "default", label = label, size = "medium",
                color = isActual and HOLIDAY_COLOR or OBSERVED_COLOR }
        end
    end
    local rule = nil
    if year >= 1966 then rule = NEAREST elseif year >= 1953 then rule = SUN_ONLY end
    local function holiday(n, name, observe)
        put(n, name, true)
        if observe and rule then
            local o = cal.observedDayNumber(n, rule)
            if o ~= n then put(o, name .. " (observed)", false) end
        end
    end
    local function fixed(m, d) return cal.dayNumber(year, m, d) end
    local function nth(m, wd, k) return cal.nthWeekdayDayNumber(year, m, wd, k) end

    if year >= 1871 then
        holiday(fixed(1, 1), "New Year's Day", true)
        if year >= 1967 and year < 9999 then
            local o = cal.observedDayNumber(cal.dayNumber(year + 1, 1, 1), rule)
            put(o, "New Year's Day (observed)", false)
        end
    end
    if year >= 1986 then holiday(nth(1, MON, 3), "Birthday of Martin Luther King, Jr.") end
    if year >= 1971 then
        holiday(nth(2, MON, 3), "Washington's Birthday")
    elseif year >= 1879 then
        holiday(fixed(2, 22), "Washington's Birthday", year >= 1954)
    end
    if year >= 1971 then
        holiday(nth(5, MON, -1), "Memorial Day")
    elseif year >= 1888 then
        holiday(fixed(5, 30), "Memorial Day")
    end
    if year >= 2021 then holiday(fixed(6, 19), "Juneteenth National Independence Day", true) end
    if year >= 1870 then holiday(fixed(7, 4), "Independence Day", true) end
    if year >= 1894 then holiday(nth(9, MON, 1), "Labor Day") end
    if year >= 1971 then holiday(nth(10, MON, 2), "Columbus Day") end
    if year >= 1938 then
        local name = year >= 1954 and "Veterans Day" or "Armistice Day"
        if year >= 1971 and year <= 1977 then
            holiday(nth(10, MON, 4), name)
        else
            holiday(fixed(11, 11), name, true)
        end
    end
    if year >= 1870 then
        local t = THANKSGIVING[year]
        if t then
            holiday(fixed(t[1], t[2]), "Thanksgiving Day")
        else
            holiday(nth(11, THU, year >= 1942 and 4 or -1), "Thanksgiving Day")
        end
    end
    if year >= 1870 then holiday(fixed(12, 25), "Christmas Day", true) end
    for _, c in ipairs(closingsByYear[year] or {}) do holiday(c.dayNumber, c.name) end

    return map
end

--- The holiday on a day, if any: `build` runs once per year.
local holidayOn = cal.byYear(build)

return {
    name = "us-federal-holidays",
    description = "U.S. federal holidays (5 U.S.C. 6103) and their observed days cannot be selected.",
    version = "1.0.0",

    canSelect = function(day)
        local h = holidayOn(day)
        if h then return false, h.label end
        return true
    end,

    decorationFor = function(day)
        local h = holidayOn(day)
        return h
    end,

    -- The same answers a whole year at once, so that a long span (eval, export) asks Lua once a
    -- year instead of twice a day (docs/policy-api.md, "Answering a year at once"). It reads the
    -- table canSelect and decorationFor read: an edit to build() reaches all three.
    answersForYear = function(year)
        local answers = {}
        for n, h in pairs(holidayOn(year)) do
            answers[n] = { selectable = false, reason = h.label, decoration = h }
        end
        return answers
    end,
}
