-- year-answers.lua: a holiday policy that answers a whole year at once (answersForYear), for
-- long spans: `calpolicy eval examples/year-answers.lua --from 1900-01-01 --to 2199-12-31 --format csv`
-- asks Lua once a year instead of twice a day.
--
-- The one rule that keeps it right: canSelect, decorationFor and answersForYear all read the
-- same per-year table (`answers`), so an edit to the table changes all three. An edit to
-- canSelect alone would not be seen by eval, which asks answersForYear (docs/policy-api.md).
-- The policies in policies/ follow the same rule.

local SATURDAY, SUNDAY, MONDAY, THURSDAY = cal.SATURDAY, cal.SUNDAY, cal.MONDAY, cal.THURSDAY
local HOLIDAY = "#c62828"

-- Each year's answers, keyed by day number: weekends, then a few U.S. federal holidays
-- (fixed dates observed on the nearest weekday, and nth-weekday holidays).
local answers = cal.byYear(function(year)
    local t = {}
    local first, last = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31)
    local weekday = cal.weekdayOfDayNumber(first)
    for _, wd in ipairs({ SATURDAY, SUNDAY }) do
        for n = first + (wd - weekday) % 7, last, 7 do
            t[n] = { selectable = false, reason = "weekend" }
        end
    end
    local function holiday(n, name)
        if n < first or n > last then return end
        t[n] = { selectable = false, reason = name,
                 decoration = { kind = "default", label = name, color = HOLIDAY, size = "medium" } }
    end
    local nearest = cal.SAT_TO_PREV_FRI + cal.SUN_TO_NEXT_MON
    for _, fixed in ipairs({ { 1, 1, "New Year's Day" }, { 7, 4, "Independence Day" }, { 12, 25, "Christmas Day" } }) do
        local n = cal.dayNumber(year, fixed[1], fixed[2])
        holiday(n, fixed[3])
        local observed = cal.observedDayNumber(n, nearest)
        if observed ~= n then holiday(observed, fixed[3] .. " (observed)") end
    end
    holiday(cal.nthWeekdayDayNumber(year, 5, MONDAY, -1), "Memorial Day")
    holiday(cal.nthWeekdayDayNumber(year, 9, MONDAY, 1), "Labor Day")
    holiday(cal.nthWeekdayDayNumber(year, 11, THURSDAY, 4), "Thanksgiving Day")
    return t
end)

return {
    name = "year answers",
    description = "Weekends and six U.S. federal holidays, answered a year at a time.",

    canSelect = function(day)
        local a = answers(day)
        if a and a.selectable == false then return false, a.reason end
        return true
    end,

    decorationFor = function(day)
        local a = answers(day)
        return a and a.decoration
    end,

    -- A cal.byYear lookup given a year hands back that year's table: the same answers, whole.
    answersForYear = function(year)
        return answers(year)
    end,
}
