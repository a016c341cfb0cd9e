-- Oracle fixture for scripts/checks/cal-helpers.sh: decorates every day with each Hebrew and
-- Islamic (civil) date that cal.inGregorianYear places on it, asked for every month and day
-- 1...30 of every Gregorian year shown (Hebrew month 6, Adar I, as the leap month it is; it
-- is Adar I with or without the flag, as in `--month`). A day missed by
-- inGregorianYear has no label for that calendar; a day it places wrongly has a wrong or a
-- second label. The check compares the labels with convertdate.
local asks = {
    { calendar = "hebrew", tag = "H", months = 13, leap = { [6] = true } },
    { calendar = "islamic-civil", tag = "I", months = 12, leap = {} },
}

local labels = cal.byYear(function(year)
    local byDay = {}
    for _, ask in ipairs(asks) do
        for m = 1, ask.months do
            for _, leap in ipairs({ false, true }) do
                if leap == (ask.leap[m] == true) then
                    for d = 1, 30 do
                        for _, iso in ipairs(cal.inGregorianYear(ask.calendar, m, d, year, leap)) do
                            local n = cal.dayNumberOf(iso)
                            local text = string.format("%s:%d-%d%s", ask.tag, m, d, leap and "L" or "")
                            byDay[n] = byDay[n] and (byDay[n] .. " " .. text) or text
                        end
                    end
                end
            end
        end
    end
    return byDay
end)

return {
    decorationFor = function(day)
        local text = labels(day)
        return { label = text or "none" }
    end,
}
