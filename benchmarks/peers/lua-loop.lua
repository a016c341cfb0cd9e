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

-- The day arithmetic and `cal` in plain Lua (shared with the other peer).
local civil, dayNumber = dofile(root .. "/benchmarks/peers/plain_cal.lua")(root)
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
    -- The policy's cal.byYear lookup, given a year, hands back that year's table (built once).
    local holidayOn = upvalue(canSelect, "holidayOn")
    local years = {}
    local function canSelectInt(year, n)
        local map = years[year]
        if map == nil then
            map = holidayOn(year)
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
