-- weekends.lua: denies selecting Saturdays and Sundays.
--
-- Encodes: the Saturday/Sunday weekend used by most of the world's offices; stack it in front
-- of a holiday policy to get "working days only" (`calpolicy eval weekends.lua us-federal-holidays.lua`).
-- Source: none needed; weekday numbers follow `day.weekday` (1 = Sunday ... 7 = Saturday).
-- Differences from python-holidays: none (python-holidays treats Saturday and Sunday as weekend by default).
-- Undecorated on purpose: the calendar already shows weekends, and decorations are for exceptions.

local SATURDAY, SUNDAY = cal.SATURDAY, cal.SUNDAY

return {
    name = "weekends",
    description = "Saturdays and Sundays cannot be selected.",
    version = "1.0.0",

    canSelect = function(day)
        local wd = day.weekday
        if wd == SATURDAY or wd == SUNDAY then
            return false, "weekend"
        end
        return true
    end,

    -- The same answers a whole year at once, so that a long span (eval, export) asks Lua once a
    -- year instead of once a day (docs/policy-api.md, "Answering a year at once"): Saturday and
    -- Sunday by weekday (`weekly`), with canSelect's reason. Change both together.
    answersForYear = function()
        local weekend = { selectable = false, reason = "weekend" }
        return { weekly = { [SATURDAY] = weekend, [SUNDAY] = weekend } }
    end,
}
