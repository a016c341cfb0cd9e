-- Test oracle: Gregorian day arithmetic written independently of the engine (days since
-- 1970-01-01, counted year by year from a fixed anchor rather than by Hinnant's eras), handed to
-- cal.lua as its host's `native.dayNumber` / `native.civil` when it runs under a plain lua5.4.
-- The engine's own arithmetic is C's CCivilDays; this file is never loaded by the engine.
local R = {}

local function isLeap(y) return y % 4 == 0 and (y % 100 ~= 0 or y % 400 == 0) end
local function yearLength(y) return isLeap(y) and 366 or 365 end
local LENGTHS = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 }

-- Whole 400-year cycles (146097 days) move the year near 1970 first, so the walk stays short.
local function cycles(y)
    local c = (y - 1970) // 400
    return c, y - c * 400
end

function R.dayNumber(y, m, d)
    local c, yy = cycles(y)
    local n = c * 146097
    for year = 1970, yy - 1 do n = n + yearLength(year) end
    for year = yy, 1969 do n = n - yearLength(year) end
    for month = 1, m - 1 do n = n + (month == 2 and isLeap(yy) and 29 or LENGTHS[month]) end
    return n + d - 1
end

function R.civil(n)
    local c = n // 146097
    local rest = n - c * 146097
    local y = 1970
    while rest >= yearLength(y) do rest = rest - yearLength(y); y = y + 1 end
    local m = 1
    while true do
        local length = m == 2 and isLeap(y) and 29 or LENGTHS[m]
        if rest < length then break end
        rest = rest - length
        m = m + 1
    end
    return y + c * 400, m, rest + 1
end

return R
