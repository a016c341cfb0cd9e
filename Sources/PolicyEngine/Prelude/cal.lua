-- Minimal helper library (the full one replaces this file). Receives `native`,
-- returns the `cal` table. Pure Lua; errors blame the policy's line (level 2).
local native = ...
local cal = {}

local function floorDiv(a, b) return a // b end

function cal.isLeapYear(y) return (y % 4 == 0 and y % 100 ~= 0) or y % 400 == 0 end

function cal.daysInMonth(y, m)
    if m == 2 then return cal.isLeapYear(y) and 29 or 28 end
    return (m == 4 or m == 6 or m == 9 or m == 11) and 30 or 31
end

function cal.dayNumber(y, m, d)
    y = m <= 2 and y - 1 or y
    local era = floorDiv(y, 400)
    local yoe = y - era * 400
    local mp = m > 2 and m - 3 or m + 9
    local doy = (153 * mp + 2) // 5 + d - 1
    local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468
end

function cal.fromDayNumber(n)
    n = n + 719468
    local era = floorDiv(n, 146097)
    local doe = n - era * 146097
    local yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    local doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    local mp = (5 * doy + 2) // 153
    local d = doy - (153 * mp + 2) // 5 + 1
    local m = mp < 10 and mp + 3 or mp - 9
    return yoe + era * 400 + (m <= 2 and 1 or 0), m, d
end

function cal.format(y, m, d) return string.format("%04d-%02d-%02d", y, m, d) end

function cal.parse(iso)
    local y, m, d
    if type(iso) == "string" then y, m, d = iso:match("^(%d%d%d%d)%-(%d%d)%-(%d%d)$") end
    y, m, d = tonumber(y), tonumber(m), tonumber(d)
    if not y or y < 1 or m < 1 or m > 12 or d < 1 or d > cal.daysInMonth(y, m) then
        error("cal.parse: invalid date " .. (type(iso) == "string" and ("'" .. iso .. "'") or type(iso))
            .. ", expected YYYY-MM-DD", 2)
    end
    return y, m, d
end

function cal.addDays(iso, n) return cal.format(cal.fromDayNumber(cal.dayNumber(cal.parse(iso)) + n)) end

function cal.weekday(iso) return (cal.dayNumber(cal.parse(iso)) + 4) % 7 + 1 end

function cal.nthWeekday(y, m, weekday, n)
    if n > 0 then
        local first = cal.dayNumber(y, m, 1)
        local offset = (weekday - ((first + 4) % 7 + 1)) % 7
        return cal.format(cal.fromDayNumber(first + offset + (n - 1) * 7))
    end
    local last = cal.dayNumber(y, m, cal.daysInMonth(y, m))
    local offset = (((last + 4) % 7 + 1) - weekday) % 7
    return cal.format(cal.fromDayNumber(last - offset + (n + 1) * 7))
end

function cal.today() return native.today() end
function cal.convert(iso, calendar) return native.convert(iso, calendar) end
function cal.fromCalendar(calendar, y, m, d, leap) return native.fromCalendar(calendar, y, m, d, leap) end

return cal
