-- payday.lua: marks payday, the last working day of each month (decoration only).
--
-- Encodes: pay is due on the last Monday-Friday of the month that is not a company closure;
-- the closures are the fixed-date days in CLOSED, each moved to its observed weekday with
-- cal.observed (a Saturday closure is taken on Friday, a Sunday one on Monday). So when New
-- Year's Day 2028 falls on a Saturday, December 31, 2027 is closed and payday is December 30.
-- Source: a typical payroll calendar (example); edit CLOSED to match yours.
-- Differences from python-holidays: not applicable (no public reference).
-- Never denies: payday is information, stack it with weekends.lua or a holiday policy to deny.

local CLOSED = { -- month, day, name
    { 1, 1, "New Year's Day" },
    { 7, 4, "Independence Day" },
    { 12, 25, "Christmas Day" },
}
local OBSERVED = cal.NEAREST_WEEKDAY
local DECORATION = { kind = "image", image = "banknote", label = "Payday", color = "#2e7d32", size = "small" }

local closedByYear = {}

--- Set of closed day numbers that can touch `year` (its own closures and next New Year's).
local function closures(year)
    local set = closedByYear[year]
    if set then return set end
    set = {}
    for _, y in ipairs({ year - 1, year, year + 1 }) do
        if y >= 1 and y <= 9999 then
            for _, c in ipairs(CLOSED) do
                local n = cal.dayNumber(y, c[1], c[2])
                local ok, o = pcall(cal.observedDayNumber, n, OBSERVED)
                set[ok and o or n] = true
            end
        end
    end
    closedByYear[year] = set
    return set
end

local paydays = {} -- year * 12 + month -> dayNumber

local function payday(year, month)
    local key = year * 12 + month
    local p = paydays[key]
    if p then return p end
    local closed = closures(year)
    p = cal.dayNumber(year, month, cal.daysInMonth(year, month))
    local first = cal.dayNumber(year, month, 1)
    while p > first do
        local wd = cal.weekdayOfDayNumber(p)
        if wd ~= cal.SATURDAY and wd ~= cal.SUNDAY and not closed[p] then break end
        p = p - 1
    end
    paydays[key] = p
    return p
end

return {
    name = "payday",
    description = "Decorates payday, the last working day of each month.",
    version = "1.0.0",

    decorationFor = function(day)
        if day.dayNumber == payday(day.year, day.month) then return DECORATION end
        return nil
    end,

    -- The same answers a whole year at once, so that a long span (eval, export) asks Lua once a
    -- year instead of once a day (docs/policy-api.md, "Answering a year at once"): the twelve
    -- paydays decorationFor finds, from the same payday().
    answersForYear = function(year)
        local answers = {}
        for month = 1, 12 do answers[payday(year, month)] = { decoration = DECORATION } end
        return answers
    end,
}
