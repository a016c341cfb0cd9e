-- on-call.lua: shows who is on call each day (decoration only).
--
-- Encodes: a weekly on-call rotation. The shift hands over every HANDOVER_WEEKDAY; ROTATION is
-- the order, starting with the week that contains START. SWAPS replaces the person for one
-- week (key: the handover date of that week). Days before START show nothing.
-- Source: the team's rota (example); edit ROTATION, START and SWAPS.
-- Differences from python-holidays: not applicable.

local ROTATION = { "alice", "bob", "carol", "dave" }
local START = "2026-01-05"           -- a Monday: alice's first shift begins here
local HANDOVER_WEEKDAY = cal.MONDAY
local SWAPS = {
    ["2026-12-21"] = "erin",          -- carol is away that week
}

local COLORS = { alice = "#00838f", bob = "#6d4c41", carol = "#ad1457", dave = "#283593", erin = "#558b2f" }

assert(#ROTATION > 0, "ROTATION must name at least one person")
local start = cal.dayNumberOf(START)
if cal.weekdayOfDayNumber(start) ~= HANDOVER_WEEKDAY then
    error("START '" .. START .. "' must fall on the handover weekday")
end
local swaps = {}
for date, who in pairs(SWAPS) do
    local n = cal.dayNumberOf(date)
    if (n - start) % 7 ~= 0 then error("SWAPS key '" .. date .. "' is not a handover day") end
    swaps[n] = who
end

local decorations = {} -- person -> decoration, shared by all that person's days

local function decorationOf(who)
    local d = decorations[who]
    if d == nil then
        d = { kind = "custom", label = "on call: " .. who, color = COLORS[who] or "#455a64", size = "small" }
        decorations[who] = d
    end
    return d
end

--- Who is on call on day number `n`, or nil before START.
local function onCall(n)
    local offset = n - start
    if offset < 0 then return nil end
    local week = offset // 7
    return swaps[start + week * 7] or ROTATION[week % #ROTATION + 1]
end

return {
    name = "on-call",
    description = "Decorates each day with the person on call.",
    version = "1.0.0",

    decorationFor = function(day)
        local who = onCall(day.dayNumber)
        return who and decorationOf(who)
    end,

    -- The same answers a whole year at once, so that a long span (eval, export) asks Lua once a
    -- year instead of once a day (docs/policy-api.md, "Answering a year at once"): every day of
    -- the year from START on, with the person onCall() names.
    answersForYear = function(year)
        local answers = {}
        for n = math.max(start, cal.dayNumber(year, 1, 1)), cal.dayNumber(year, 12, 31) do
            answers[n] = { decoration = decorationOf(onCall(n)) }
        end
        return answers
    end,
}
