-- cal.ics's Lua part, compiled on a state's first cal.ics call (so the prelude every policy
-- loads stays as it was): receives the host's open and between, the day arithmetic and the
-- prelude's checks, returns open(name). Called from the C function cal.ics, so an error naming
-- the policy's line is raised at level 4.
local hostOpen, hostBetween, dayNumber, civil, checks = ...
local type, error, tostring, ipairs, pcall, setmetatable = type, error, tostring, ipairs, pcall, setmetatable
local mtype, sformat, smatch, tonumber = math.type, string.format, string.match, tonumber

local MIN_DAY, MAX_DAY = -719162, 2932896 -- 0001-01-01, 9999-12-31
local MAX_SPAN = 3660                     -- days one `between` may span

-- The prelude's quoting (handed over through native.shareChecks), so a bad value reads as in
-- every other cal function.
local show = checks.show

-- Day arithmetic is CCivilDays', through the same native functions cal uses.
local toDay = dayNumber
local function yearOf(n) return (civil(n)) end

local function parseDay(s)
    local y, m, d = smatch(s, "^(%d%d%d%d)%-(%d%d)%-(%d%d)$")
    if not y then return nil, "expected YYYY-MM-DD" end
    y, m, d = tonumber(y), tonumber(m), tonumber(d)
    if y < 1 or m < 1 or m > 12 or d < 1 then return nil, "no such day" end
    local n = toDay(y, m, d)
    local next = m == 12 and toDay(y + 1, 1, 1) or toDay(y, m + 1, 1)
    if n >= next then return nil, "no such day" end
    return n
end

-- A day as `on`/`between` take it: a day view (or anything with an integer `dayNumber`), an
-- ISO date string, or a day number; raised at the level of the policy's method call.
local function icsDay(fname, what, v)
    local n = v
    if type(v) == "string" then
        local why
        n, why = parseDay(v)
        if n == nil then error(sformat("cal.%s: invalid date %s: %s", fname, show(v), why), 3) end
        return n
    elseif type(v) == "table" or type(v) == "userdata" then
        local ok, dn = pcall(function() return v.dayNumber end)
        n = ok and dn or nil
    end
    if mtype(n) ~= "integer" then
        error(sformat("cal.%s: %s must be a day, an ISO date or a day number, got %s", fname, what, show(v)), 3)
    end
    if n < MIN_DAY or n > MAX_DAY then
        error(sformat("cal.%s: %s must be within 0001-01-01...9999-12-31, got day number %d", fname, what, n), 3)
    end
    return n
end

local function readOnly()
    error("cal.ics: the calendar is read-only", 2)
end

return function(name)
    if type(name) ~= "string" then
        error("cal.ics: name must be a file name such as 'closures.ics', got " .. show(name), 4)
    end
    local handle, msg = hostOpen(name)
    if handle == nil then error("cal.ics: " .. tostring(msg), 4) end

    local function lookup(fname, first, last)
        local list, why = hostBetween(handle, first, last)
        if list == nil then error(sformat("cal.%s: %s: %s", fname, name, tostring(why)), 4) end
        return list
    end

    local years = {} -- year -> dayNumber -> occurrences
    local none = {}
    local feed = {}

    -- The occurrences that touch the day (a new list each call); a year is looked up once.
    local onDay
    function feed.on(self, day)
        return onDay(icsDay("ics:on", "day", day))
    end

    -- The day's closed intervals from its timed occurrences, as hoursFor returns them: wall
    -- minutes in each occurrence's own zone (a policy reading them sets zone to that zone).
    function feed.hoursOn(self, day)
        local n = icsDay("ics:hoursOn", "day", day)
        local out = {}
        for _, o in ipairs(onDay(n)) do
            if not o.allDay then
                local from = n == o.firstDayNumber and o.startMinute or 0
                local to = o.endMinute - (n - o.firstDayNumber) * 1440
                if to > 1440 then to = 1440 end
                if to > from then out[#out + 1] = { from = from, to = to, reason = o.summary } end
            end
        end
        return out
    end

    onDay = function(n)
        local y = yearOf(n)
        local byDay = years[y]
        if byDay == nil then
            local first, last = toDay(y, 1, 1), toDay(y, 12, 31)
            byDay = {}
            for _, o in ipairs(lookup("ics:on", first, last)) do
                local a = o.firstDayNumber > first and o.firstDayNumber or first
                local b = o.lastDayNumber < last and o.lastDayNumber or last
                for d = a, b do
                    local list = byDay[d]
                    if list == nil then list = {}; byDay[d] = list end
                    list[#list + 1] = o
                end
            end
            years[y] = byDay
        end
        local list = byDay[n] or none
        local copy = {}
        for i = 1, #list do copy[i] = list[i] end
        return copy
    end

    -- The occurrences that touch any day of first...last (at most MAX_SPAN days).
    function feed.between(self, first, last)
        local a = icsDay("ics:between", "first", first)
        local b = icsDay("ics:between", "last", last)
        if b < a then error("cal.ics:between: last is before first", 2) end
        if b - a >= MAX_SPAN then
            error(sformat("cal.ics:between: at most %d days at once, got %d", MAX_SPAN, b - a + 1), 2)
        end
        return lookup("ics:between", a, b)
    end

    return setmetatable({}, { __index = feed, __newindex = readOnly, __metatable = false })
end
