-- Peer A: what a user without calpolicy would write — the same policy file's
-- functions driven by a plain Lua loop in the stock `lua5.4` interpreter.
--
--   lua5.4 lua-loop.lua ROOT POLICY FIRST_DAY_NUMBER COUNT table|integer
--
-- table:   per day, the date math in Lua and a fresh `day` table with the fields the
--          engine offers (year month day weekday iso dayNumber yearDay), then
--          canSelect(day, selection) as the engine would call it. (`day.calendar` is
--          left out: the engine computes it only when read, and this policy never reads it.)
-- integer: hand-optimised: the year is tracked incrementally and the policy's own
--          per-year holiday table (`build`, reached through its upvalues) is asked with
--          integers; no table, no string per day.
-- Prints one JSON object: process CPU time per day (os.clock) and the denied-day count.
local root, policyPath, first, count, mode = arg[1], arg[2], math.tointeger(tonumber(arg[3])),
    math.tointeger(tonumber(arg[4])), arg[5]
assert(root and policyPath and first and count and (mode == "table" or mode == "integer"),
    "usage: lua5.4 lua-loop.lua ROOT POLICY FIRST_DAY_NUMBER COUNT table|integer")

local sformat = string.format
local clock = os.clock

local function civil(n)
    n = n + 719468
    local era = n // 146097
    local doe = n - era * 146097
    local yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    local doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    local mp = (5 * doy + 2) // 153
    local d = doy - (153 * mp + 2) // 5 + 1
    local m = mp < 10 and mp + 3 or mp - 9
    local y = yoe + era * 400
    if m <= 2 then y = y + 1 end
    return y, m, d
end

local function dayNumber(y, m, d)
    if m <= 2 then y = y - 1 end
    local era = y // 400
    local yoe = y - era * 400
    local mp = m > 2 and m - 3 or m + 9
    local doy = (153 * mp + 2) // 5 + d - 1
    local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468
end

-- The helper library is plain Lua; the host gives it day arithmetic (`native.dayNumber`,
-- `native.civil`: the same functions the loop uses), the calendar conversions are not needed.
local native = {
    dayNumber = dayNumber, civil = civil,
    today = function() return nil end,
    convert = function() error("calendar conversion is not available in plain lua") end,
    fromCalendar = function() error("calendar conversion is not available in plain lua") end,
}
cal = assert(loadfile(root .. "/Sources/PolicyEngine/Prelude/cal.lua"))(native)
local policy = assert(loadfile(policyPath))()
local canSelect = assert(policy.canSelect, "the policy has no canSelect")

local function upvalue(fn, wanted)
    for i = 1, 255 do
        local name, value = debug.getupvalue(fn, i)
        if name == nil then break end
        if name == wanted then return value end
    end
    error("no upvalue '" .. wanted .. "' (the policy's structure changed)")
end

local denied = 0
local start, stop

if mode == "table" then
    local selection = {}
    start = clock()
    for n = first, first + count - 1 do
        local y, m, d = civil(n)
        local day = {
            year = y, month = m, day = d,
            weekday = (n + 4) % 7 + 1,
            iso = sformat("%04d-%02d-%02d", y, m, d),
            dayNumber = n,
            yearDay = n - dayNumber(y, 1, 1) + 1,
        }
        if not canSelect(day, selection) then denied = denied + 1 end
    end
    stop = clock()
else
    local holidayOn = upvalue(canSelect, "holidayOn")
    local years, build = upvalue(holidayOn, "years"), upvalue(holidayOn, "build")
    local function canSelectInt(year, n)
        local map = years[year]
        if map == nil then
            map = build(year)
            years[year] = map
        end
        local h = map[n]
        if h then return false, h.label end
        return true
    end
    start = clock()
    local year = civil(first)
    local nextYear = dayNumber(year + 1, 1, 1)
    for n = first, first + count - 1 do
        if n >= nextYear then
            year = year + 1
            nextYear = dayNumber(year + 1, 1, 1)
        end
        if not canSelectInt(year, n) then denied = denied + 1 end
    end
    stop = clock()
end

print(sformat('{"name": "peerA.lua-%s", "unit": "day", "operations": %d, "ns_per_op": %.3f, "check": %d}',
    mode, count, (stop - start) * 1e9 / count, denied))
