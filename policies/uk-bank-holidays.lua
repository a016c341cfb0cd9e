-- uk-bank-holidays.lua: bank holidays in England and Wales, decorated and not selectable.
--
-- Encodes the Banking and Financial Dealings Act 1971, Schedule 1, and the royal proclamations
-- made under it:
--   * New Year's Day (from 1974), Good Friday, Easter Monday, May Day (first Monday of May,
--     from 1978), Spring Bank Holiday (last Monday of May, from 1971), Late Summer Bank Holiday
--     (last Monday of August, from 1971), Christmas Day, Boxing Day. Before 1971 the policy
--     keeps Whit Monday in place of the two 1971 holidays.
--   * Substitute days: a bank holiday on a Saturday or Sunday gets a substitute on the next
--     weekday that is not already a bank holiday (Christmas on Saturday: Monday 27th for
--     Christmas, Tuesday 28th for Boxing Day). The weekend day itself stays denied and decorated;
--     the substitute is labelled "<Name> (observed)".
--   * Moved holidays (MOVES) and one-off holidays (ONE_OFF) are data tables below: VE Day
--     anniversaries moved May Day to May 8 (1995, 2020); the Golden, Diamond and Platinum
--     Jubilees moved the Spring Bank Holiday (2002, 2012, 2022); royal weddings, jubilees, the
--     millennium, the Queen's state funeral and the coronation were one-off bank holidays.
--     Add a row when a new one is proclaimed.
-- Several holidays on one day are joined with "; ". Names follow python-holidays ("May Day",
-- "Late Summer Bank Holiday") so that the oracle compares labels exactly.
--
-- Sources: Banking and Financial Dealings Act 1971 (legislation.gov.uk/ukpga/1971/80/schedule/1);
-- gov.uk/bank-holidays; the proclamations in the London Gazette for each moved or one-off day.
-- Checked day by day against python-holidays 0.109, `holidays.UK(subdiv="ENG")`, for 1971-2099
-- by scripts/checks/holidays.sh.
--
-- Deliberate differences from python-holidays (also the allow-list in scripts/oracles/holidays.py):
--   * New Year's Day is a bank holiday from 1974 (its first year); python-holidays starts it in 1975.
--   Outside the checked range (before 1971) the policy keeps only Whit Monday and gives no
--   substitute days; python-holidays names it "Pentecost Monday" and substitutes from 1875.

local MON = cal.MONDAY

local HOLIDAY_COLOR = "#1565c0"
local OBSERVED_COLOR = "#6a1b9a"

-- A regular holiday moved to another date in one year.
local MOVES = {
    { year = 1995, holiday = "May Day", date = "1995-05-08", why = "50th anniversary of VE Day" },
    { year = 2002, holiday = "Spring Bank Holiday", date = "2002-06-04", why = "Golden Jubilee" },
    { year = 2012, holiday = "Spring Bank Holiday", date = "2012-06-04", why = "Diamond Jubilee" },
    { year = 2020, holiday = "May Day", date = "2020-05-08", why = "75th anniversary of VE Day" },
    { year = 2022, holiday = "Spring Bank Holiday", date = "2022-06-02", why = "Platinum Jubilee" },
}

-- One-off bank holidays proclaimed for a single year.
local ONE_OFF = {
    { date = "1977-06-07", name = "Silver Jubilee of Elizabeth II" },
    { date = "1981-07-29", name = "Wedding of Charles and Diana" },
    { date = "1999-12-31", name = "Millennium Celebrations" },
    { date = "2002-06-03", name = "Golden Jubilee of Elizabeth II" },
    { date = "2011-04-29", name = "Wedding of William and Catherine" },
    { date = "2012-06-05", name = "Diamond Jubilee of Elizabeth II" },
    { date = "2022-06-03", name = "Platinum Jubilee of Elizabeth II" },
    { date = "2022-09-19", name = "State Funeral of Queen Elizabeth II" },
    { date = "2023-05-08", name = "Coronation of Charles III" },
}

local moved, oneOff = {}, {}
for _, mv in ipairs(MOVES) do
    moved[mv.year] = moved[mv.year] or {}
    moved[mv.year][mv.holiday] = cal.dayNumberOf(mv.date)
end
for _, o in ipairs(ONE_OFF) do
    local y = cal.parse(o.date)
    oneOff[y] = oneOff[y] or {}
    table.insert(oneOff[y], { date = o.date, name = o.name })
end

--- Every bank holiday and substitute day of one year: dayNumber -> decoration table.
local function build(year)
    local list = {}
    local moves = moved[year] or {}
    local function add(n, name)
        list[#list + 1] = { date = moves[name] or n, name = name }
    end
    local easter = cal.easterDayNumber(year)
    local function nth(m, k) return cal.nthWeekdayDayNumber(year, m, MON, k) end

    if year >= 1974 then add(cal.dayNumber(year, 1, 1), "New Year's Day") end
    add(easter - 2, "Good Friday")
    add(easter + 1, "Easter Monday")
    if year >= 1978 then add(nth(5, 1), "May Day") end
    if year >= 1971 then
        add(nth(5, -1), "Spring Bank Holiday")
        add(nth(8, -1), "Late Summer Bank Holiday")
    else
        add(easter + 50, "Whit Monday")
    end
    add(cal.dayNumber(year, 12, 25), "Christmas Day")
    add(cal.dayNumber(year, 12, 26), "Boxing Day")
    for _, o in ipairs(oneOff[year] or {}) do add(cal.dayNumberOf(o.date), o.name) end

    -- Substitute days only exist from the 1971 Act on; the rule is data either way.
    local days = year >= 1971 and cal.substitute(list, cal.NEXT_WORKDAY) or cal.substitute(list, {})
    -- One decoration per day; a second holiday on it joins the label, and the day is an
    -- actual holiday (HOLIDAY_COLOR) as soon as one of its holidays is not a substitute.
    local map = {}
    for _, h in ipairs(days) do
        local n = h.dayNumber
        local label = h.observed and h.name .. " (observed)" or h.name
        local entry = map[n]
        if entry then
            entry.label = entry.label .. "; " .. label
            if not h.observed then entry.color = HOLIDAY_COLOR end
        else
            map[n] = { kind = "default", label = label, size = "medium",
                color = h.observed and OBSERVED_COLOR or HOLIDAY_COLOR }
        end
    end
    return map
end

--- The holiday on a day, if any: `build` runs once per year.
local holidayOn = cal.byYear(build)

return {
    name = "uk-bank-holidays",
    description = "Bank holidays in England and Wales and their substitute days cannot be selected.",
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
