--- cal: the date helper library every calpolicy policy sees as the global `cal`.
---
--- This chunk is pure Lua 5.4 (base, string, table, math only) so it runs unchanged in the
--- sandboxed policy states and under a plain `lua5.4` for unit tests. The host passes one
--- argument, `native`, whose functions reach the engine: day arithmetic (`dayNumber(y, m, d)`,
--- `civil(n) -> y, m, d`, C's CCivilDays), and the Swift calendars: `today() -> iso|nil`,
--- `convert(iso, calendar) -> table`, `fromCalendar(calendar, y, m, d, isLeapMonth) -> iso`.
---
--- Day numbers count days since 1970-01-01 (0), like `day.dayNumber`. Years run 1...9999,
--- the span calpolicy's `Day` accepts, so every result can round-trip through an ISO string.
--- Weekdays are 1 = Sunday ... 7 = Saturday, as in `day.weekday`.
---
--- Policies call these functions for every displayed day, so the integer forms
--- (`dayNumber`, `nthWeekdayDayNumber`, `easterDayNumber`, `observedDayNumber`) build no
--- strings. Errors are raised at level 2 or 3 so the message names the policy's own line,
--- not this file.
---@diagnostic disable: redefined-local

local native = ...

local type, error, tostring, pairs, ipairs, setmetatable, rawget, select, pcall, tonumber =
    type, error, tostring, pairs, ipairs, setmetatable, rawget, select, pcall, tonumber
local mtype, mtointeger = math.type, math.tointeger
local sformat, sbyte = string.format, string.byte
local tsort = table.sort

---@class cal
local cal = {}

local MIN_YEAR, MAX_YEAR = 1, 9999
local MIN_DAY = -719162 -- 0001-01-01
local MAX_DAY = 2932896 -- 9999-12-31

cal.SUNDAY, cal.MONDAY, cal.TUESDAY, cal.WEDNESDAY = 1, 2, 3, 4
cal.THURSDAY, cal.FRIDAY, cal.SATURDAY = 5, 6, 7

---------------------------------------------------------------------------------------------
-- Messages and argument checks. Errors name the function, quote the bad value and are raised
-- at the level of the policy's call (see `lv` below), so the message carries the policy line.
---------------------------------------------------------------------------------------------

local function show(v)
    if type(v) == "string" then
        if #v > 40 then v = v:sub(1, 40) .. "..." end
        return "'" .. v .. "'"
    end
    return type(v) == "number" and "'" .. tostring(v) .. "'" or type(v)
end

local function fail(fname, msg, level)
    error("cal." .. fname .. ": " .. msg, level or 3)
end

--- Returns `v` as an integer or raises "<what> must be an integer". Every check takes `lv`,
--- the error level as seen from the check itself (default 3: check, public function, caller);
--- a check called from another helper passes one more per extra frame.
local function int(fname, what, v, lv)
    if mtype(v) == "integer" then return v end
    local i = type(v) == "number" and mtointeger(v) or nil
    if i == nil then
        error(sformat("cal.%s: %s must be an integer, got %s", fname, what, show(v)), lv or 3)
    end
    return i
end

--- Returns `v` as an integer in lo...hi or raises "<what> must be lo...hi<note>, got 'v'"
--- (`note`: what the numbers mean, or nil). `lv` as every check takes it.
local function intWithin(fname, what, v, lo, hi, note, lv)
    v = int(fname, what, v, lv + 1)
    if v < lo or v > hi then
        error(sformat("cal.%s: %s must be %d...%d%s, got '%d'", fname, what, lo, hi, note or "", v), lv)
    end
    return v
end

local function checkYear(fname, y, lv)
    return (intWithin(fname, "year", y, MIN_YEAR, MAX_YEAR, nil, (lv or 3) + 1))
end

local function checkMonth(fname, m, lv)
    return (intWithin(fname, "month", m, 1, 12, nil, (lv or 3) + 1))
end

local function checkWeekday(fname, wd, lv)
    return (intWithin(fname, "weekday", wd, 1, 7, " (1 = Sunday)", (lv or 3) + 1))
end

---------------------------------------------------------------------------------------------
-- Core arithmetic (Howard Hinnant's days_from_civil / civil_from_days), no checks.
---------------------------------------------------------------------------------------------

local function isLeap(y)
    return y % 4 == 0 and (y % 100 ~= 0 or y % 400 == 0)
end

local DAYS_IN_MONTH = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 }

local function monthLength(y, m)
    if m == 2 and isLeap(y) then return 29 end
    return DAYS_IN_MONTH[m]
end

-- Day arithmetic is not written here: the host gives it (`native.dayNumber`, `native.civil`,
-- C's CCivilDays in the engine), so a policy's helpers count days exactly as the engine's day
-- views, cal.ics and the recurrence expansion do. A plain lua5.4 test run passes its own.
local toDay = type(native) == "table" and rawget(native, "dayNumber") or nil
local fromDay = type(native) == "table" and rawget(native, "civil") or nil
if type(toDay) ~= "function" or type(fromDay) ~= "function" then
    error("cal: the host gives no day arithmetic (native.dayNumber and native.civil)", 0)
end

local function weekdayOf(n) -- 1970-01-01 was a Thursday (5)
    return (n + 4) % 7 + 1
end

local function isoOf(n)
    local y, m, d = fromDay(n)
    return sformat("%04d-%02d-%02d", y, m, d)
end

--- Parses 'YYYY-MM-DD'; returns year, month, day, or nil and the reason.
local function parseYMD(s)
    if #s ~= 10 then return nil, "expected 'YYYY-MM-DD'" end
    local b1, b2, b3, b4, b5, b6, b7, b8, b9, b10 = sbyte(s, 1, 10)
    if b5 ~= 45 or b8 ~= 45 then return nil, "expected 'YYYY-MM-DD'" end
    b1, b2, b3, b4 = b1 - 48, b2 - 48, b3 - 48, b4 - 48
    b6, b7, b9, b10 = b6 - 48, b7 - 48, b9 - 48, b10 - 48
    -- Any byte outside '0'..'9' lands outside 0..9.
    if b1 < 0 or b1 > 9 or b2 < 0 or b2 > 9 or b3 < 0 or b3 > 9 or b4 < 0 or b4 > 9
        or b6 < 0 or b6 > 9 or b7 < 0 or b7 > 9 or b9 < 0 or b9 > 9 or b10 < 0 or b10 > 9 then
        return nil, "expected 'YYYY-MM-DD'"
    end
    local y = b1 * 1000 + b2 * 100 + b3 * 10 + b4
    local m = b6 * 10 + b7
    local d = b9 * 10 + b10
    if y < MIN_YEAR then return nil, "year must be 1...9999" end
    if m < 1 or m > 12 then return nil, "month must be 1...12" end
    if d < 1 or (d > 28 and d > monthLength(y, m)) then
        return nil, sformat("day must be 1...%d in %04d-%02d", monthLength(y, m), y, m)
    end
    return y, m, d
end

--- Parses 'YYYY-MM-DD'; returns the day number, or nil and the reason.
local function parseDay(s)
    local y, m, d = parseYMD(s)
    if y == nil then return nil, m end
    return toDay(y, m, d)
end

local function checkISO(fname, what, s)
    if type(s) ~= "string" then
        error(sformat("cal.%s: %s must be an ISO date string 'YYYY-MM-DD', got %s", fname, what, show(s)), 3)
    end
    local n, why = parseDay(s)
    if n == nil then
        error(sformat("cal.%s: invalid date %s: %s", fname, show(s), why), 3)
    end
    return n
end

local function checkDayNumber(fname, n, lv)
    lv = lv or 3
    n = int(fname, "day number", n, lv + 1)
    if n < MIN_DAY or n > MAX_DAY then
        error(sformat("cal.%s: day number must be %d...%d (0001-01-01...9999-12-31), got '%d'",
            fname, MIN_DAY, MAX_DAY, n), lv)
    end
    return n
end

local function checkDate(fname, y, m, d)
    -- Fast path: three integers naming a real day.
    if mtype(y) == "integer" and mtype(m) == "integer" and mtype(d) == "integer"
        and y >= MIN_YEAR and y <= MAX_YEAR and m >= 1 and m <= 12 and d >= 1
        and (d <= 28 or d <= monthLength(y, m)) then
        return y, m, d
    end
    y = checkYear(fname, y, 4)
    m = checkMonth(fname, m, 4)
    d = int(fname, "day", d, 4)
    local length = monthLength(y, m)
    if d < 1 or d > length then
        error(sformat("cal.%s: day must be 1...%d in %04d-%02d, got '%d'", fname, length, y, m, d), 3)
    end
    return y, m, d
end

---------------------------------------------------------------------------------------------
-- Parsing, formatting, arithmetic.
---------------------------------------------------------------------------------------------

--- Splits an ISO date into integers; raises on anything but a real 'YYYY-MM-DD' day.
---@param iso string
---@return integer year, integer month, integer day
function cal.parse(iso)
    if type(iso) == "string" then
        local y, m, d = parseYMD(iso)
        if y then return y, m, d end
    end
    return fromDay(checkISO("parse", "date", iso)) -- raises with the reason
end

---@param y integer
---@param m integer
---@param d integer
---@return string iso
function cal.format(y, m, d)
    y, m, d = checkDate("format", y, m, d)
    return sformat("%04d-%02d-%02d", y, m, d)
end

--- Days since 1970-01-01; the cheap key for per-year caches (`day.dayNumber` is the same).
---@param y integer
---@param m integer
---@param d integer
---@return integer
function cal.dayNumber(y, m, d)
    y, m, d = checkDate("dayNumber", y, m, d)
    return toDay(y, m, d)
end

---@param n integer
---@return integer year, integer month, integer day
function cal.fromDayNumber(n)
    return fromDay(checkDayNumber("fromDayNumber", n))
end

--- ISO date of a day number.
---@param n integer
---@return string
function cal.isoOfDayNumber(n)
    return isoOf(checkDayNumber("isoOfDayNumber", n))
end

--- Day number of an ISO date.
---@param iso string
---@return integer
function cal.dayNumberOf(iso)
    local n = checkISO("dayNumberOf", "date", iso)
    return n
end

---@param iso string
---@param n integer days to add (may be negative)
---@return string
function cal.addDays(iso, n)
    local day = checkISO("addDays", "date", iso)
    n = int("addDays", "count", n)
    -- The count is checked before the sum, which could otherwise wrap around.
    local r = (n >= MIN_DAY - MAX_DAY and n <= MAX_DAY - MIN_DAY) and day + n or nil
    if r == nil or r < MIN_DAY or r > MAX_DAY then
        fail("addDays", sformat("%s plus %d days is outside 0001-01-01...9999-12-31", show(iso), n))
    end
    return isoOf(r)
end

--- Days from `a` to `b` (negative when `b` comes first).
---@param a string
---@param b string
---@return integer
function cal.daysBetween(a, b)
    local x = checkISO("daysBetween", "first date", a)
    return checkISO("daysBetween", "second date", b) - x
end

--- 1 = Sunday ... 7 = Saturday.
---@param iso string
---@return integer
function cal.weekday(iso)
    return weekdayOf(checkISO("weekday", "date", iso))
end

---@param n integer
---@return integer
function cal.weekdayOfDayNumber(n)
    return weekdayOf(checkDayNumber("weekdayOfDayNumber", n))
end

---@param iso string
---@return boolean
function cal.isWeekend(iso)
    local wd = weekdayOf(checkISO("isWeekend", "date", iso))
    return wd == 1 or wd == 7
end

---@param y integer
---@param m integer
---@return integer
function cal.daysInMonth(y, m)
    y = checkYear("daysInMonth", y)
    m = checkMonth("daysInMonth", m)
    return monthLength(y, m)
end

---@param y integer
---@return boolean
function cal.isLeapYear(y)
    return isLeap(int("isLeapYear", "year", y))
end

---------------------------------------------------------------------------------------------
-- Nth weekday and Easter.
---------------------------------------------------------------------------------------------

local function nthWeekday(fname, y, m, wd, n)
    if not (mtype(y) == "integer" and y >= MIN_YEAR and y <= MAX_YEAR and mtype(m) == "integer"
        and m >= 1 and m <= 12 and mtype(wd) == "integer" and wd >= 1 and wd <= 7) then
        y = checkYear(fname, y, 4)
        m = checkMonth(fname, m, 4)
        wd = checkWeekday(fname, wd, 4)
    end
    if mtype(n) ~= "integer" then n = int(fname, "n", n, 4) end
    if n == 0 or n > 5 or n < -5 then
        error(sformat("cal.%s: n must be 1...5 or -1...-5 (-1 = last), got '%d'", fname, n), 3)
    end
    local first = toDay(y, m, 1)
    local length = monthLength(y, m)
    local r
    if n > 0 then
        r = first + (wd - weekdayOf(first)) % 7 + (n - 1) * 7
    else
        local last = first + length - 1
        r = last - (weekdayOf(last) - wd) % 7 + (n + 1) * 7
    end
    if r < first or r >= first + length then return nil end
    return r
end

--- The nth `weekday` of a month (n = -1 for the last, -2 the one before); nil when the
--- month has no such day (a fifth Monday, say).
---@param y integer
---@param m integer
---@param weekday integer 1 = Sunday ... 7 = Saturday
---@param n integer 1...5 or -1...-5
---@return string|nil
function cal.nthWeekday(y, m, weekday, n)
    local r = nthWeekday("nthWeekday", y, m, weekday, n)
    return r and isoOf(r)
end

---@param y integer
---@param m integer
---@param weekday integer
---@param n integer
---@return integer|nil
function cal.nthWeekdayDayNumber(y, m, weekday, n)
    return (nthWeekday("nthWeekdayDayNumber", y, m, weekday, n))
end
--@lazy easter
local easterCache = {}

local function westernEaster(y) -- anonymous Gregorian computus (Meeus/Jones/Butcher)
    local a = y % 19
    local b, c = y // 100, y % 100
    local d, e = b // 4, b % 4
    local f = (b + 8) // 25
    local g = (b - f + 1) // 3
    local h = (19 * a + b - d - g + 15) % 30
    local i, k = c // 4, c % 4
    local l = (32 + 2 * e + 2 * i - h - k) % 7
    local m = (a + 11 * h + 22 * l) // 451
    local month = (h + l - 7 * m + 114) // 31
    local day = (h + l - 7 * m + 114) % 31 + 1
    return toDay(y, month, day)
end

local function orthodoxEaster(y) -- Julian computus (Meeus), then Julian day -> Gregorian
    local a, b, c = y % 4, y % 7, y % 19
    local d = (19 * c + 15) % 30
    local e = (2 * a + 4 * b - d + 34) % 7
    local month = (d + e + 114) // 31
    local day = (d + e + 114) % 31 + 1
    local t = (14 - month) // 12
    local yy, mm = y + 4800 - t, month + 12 * t - 3
    local jdn = day + (153 * mm + 2) // 5 + 365 * yy + yy // 4 - 32083
    return jdn - 2440588
end

local function easter(fname, y, kind)
    y = checkYear(fname, y, 4)
    local key
    if kind == nil or kind == "western" then
        key = y
    elseif kind == "orthodox" then
        key = -y
    else
        error(sformat("cal.%s: kind must be 'western' or 'orthodox', got %s", fname, show(kind)), 3)
    end
    local r = easterCache[key]
    if r == nil then
        r = key > 0 and westernEaster(y) or orthodoxEaster(y)
        easterCache[key] = r
    end
    return r
end

--- Easter Sunday as a Gregorian ISO date; `kind` is "western" (default) or "orthodox"
--- (Julian computus, returned as the Gregorian date it falls on). Proleptic for early years.
---@param y integer
---@param kind? "western"|"orthodox"
---@return string
function cal.easter(y, kind)
    return isoOf(easter("easter", y, kind))
end

---@param y integer
---@param kind? "western"|"orthodox"
---@return integer
function cal.easterDayNumber(y, kind)
    local n = easter("easterDayNumber", y, kind)
    return n
end

--@lazy end
---------------------------------------------------------------------------------------------
-- Observed-day rules. A rule maps a weekday (1 = Sunday ... 7 = Saturday) to a shift in
-- days; +7 / -7 mean "the next / previous working day" (not Saturday or Sunday, not taken),
-- the vocabulary python-holidays uses. Weekdays missing from the rule stay where they are.
-- Shipped rules are frozen; `a + b` merges two rules (b wins where both name a weekday).
---------------------------------------------------------------------------------------------

local next = next
local frozen = setmetatable({}, { __mode = "k" }) -- proxy -> its data table

local function checkShift(fname, wd, v, level)
    if mtype(v) ~= "integer" or v < -7 or v > 7 then
        error(sformat("cal.%s: rule shift for weekday %d must be an integer -7...7, got %s",
            fname, wd, show(v)), level + 1)
    end
end

local function ruleData(fname, rule, level)
    if type(rule) ~= "table" then
        error(sformat("cal.%s: rule must be a table like cal.SUN_TO_NEXT_MON, got %s",
            fname, show(rule)), level + 1)
    end
    local data = frozen[rule]
    if data then return data end
    data = {}
    for wd, v in pairs(rule) do
        if mtype(wd) ~= "integer" or wd < 1 or wd > 7 then
            error(sformat("cal.%s: rule keys must be weekdays 1...7 (1 = Sunday), got %s",
                fname, show(wd)), level + 1)
        end
        checkShift(fname, wd, v, level + 1)
        data[wd] = v
    end
    return data
end

local freeze

local function combine(a, b)
    local merged = {}
    for wd, v in pairs(ruleData("rule", a, 2)) do merged[wd] = v end
    for wd, v in pairs(ruleData("rule", b, 2)) do merged[wd] = v end
    -- Plain tables are named generically: tostring would show an address, which varies by run.
    local function nameOf(r) return frozen[r] and tostring(r) or "cal.rule{...}" end
    return freeze(merged, nameOf(a) .. " + " .. nameOf(b))
end

local function readOnly()
    error("cal: observed-day rules are read-only; build a new one with cal.rule{...}", 2)
end

freeze = function(data, name)
    local proxy = setmetatable({}, {
        __index = data,
        __newindex = readOnly,
        __pairs = function() return next, data, nil end,
        __add = combine,
        __tostring = function() return name end,
        __metatable = "cal.rule",
    })
    frozen[proxy] = data
    return proxy
end

--- Makes a frozen, combinable rule from a plain table such as `{[7] = -1, [1] = 1}`.
---@param t table<integer, integer>
---@return table
function cal.rule(t)
    local data = {}
    for wd, v in pairs(ruleData("rule", t, 2)) do data[wd] = v end
    return freeze(data, "cal.rule{...}")
end

local function shipped(name, t)
    cal[name] = freeze(t, "cal." .. name)
end

shipped("SAT_TO_PREV_FRI", { [7] = -1 })
shipped("SUN_TO_NEXT_MON", { [1] = 1 })
shipped("SAT_SUN_TO_NEXT_MON", { [7] = 2, [1] = 1 })
shipped("SAT_SUN_TO_NEXT_MON_TUE", { [7] = 2, [1] = 2 })
shipped("SAT_SUN_TO_PREV_FRI", { [7] = -1, [1] = -2 })
shipped("NEAREST_WEEKDAY", { [7] = -1, [1] = 1 })
shipped("NEXT_WORKDAY", { [7] = 7, [1] = 7 })
shipped("PREV_WORKDAY", { [7] = -7, [1] = -7 })

local function isWeekendDay(n)
    local wd = (n + 4) % 7 + 1
    return wd == 1 or wd == 7
end

--- `taken` is nil, a set keyed like the caller's dates (ISO strings or day numbers), or a
--- function(key) -> truthy; taken days count as non-working for +7 / -7 shifts.
local function isTaken(taken, n, byISO)
    if taken == nil then return false end
    local key = byISO and isoOf(n) or n
    if type(taken) == "function" then return taken(key) and true or false end
    local v = taken[key]
    return v ~= nil and v ~= false
end

local function observedDay(fname, n, rule, taken, byISO)
    local v = rule[weekdayOf(n)]
    if v == nil or v == 0 then return n end
    checkShift(fname, weekdayOf(n), v, 3)
    local r
    if v == 7 or v == -7 then
        local step = v // 7
        r = n + step
        while isWeekendDay(r) or isTaken(taken, r, byISO) do
            r = r + step
            if (r - n) * step > 366 then
                error(sformat("cal.%s: no free working day within a year of %s", fname, isoOf(n)), 3)
            end
        end
    else
        r = n + v
    end
    if r < MIN_DAY or r > MAX_DAY then
        error(sformat("cal.%s: observed day is outside 0001-01-01...9999-12-31", fname), 3)
    end
    return r
end

local function checkTaken(fname, taken)
    local t = type(taken)
    if taken ~= nil and t ~= "table" and t ~= "function" then
        error(sformat("cal.%s: taken must be a set table or a function, got %s", fname, show(taken)), 3)
    end
end

--- The day a holiday is observed on under `rule` (the date itself when the rule leaves its
--- weekday alone). `taken` lists other holidays, skipped by +7 / -7 shifts.
---@param iso string
---@param rule table
---@param taken? table|fun(iso: string): boolean
---@return string
function cal.observed(iso, rule, taken)
    local n = checkISO("observed", "date", iso)
    if frozen[rule] == nil then ruleData("observed", rule, 2) end -- validates plain tables
    checkTaken("observed", taken)
    local r = observedDay("observed", n, rule, taken, true)
    if r == n then return iso end
    return isoOf(r)
end

---@param n integer
---@param rule table
---@param taken? table|fun(n: integer): boolean
---@return integer
function cal.observedDayNumber(n, rule, taken)
    n = checkDayNumber("observedDayNumber", n)
    if frozen[rule] == nil then ruleData("observedDayNumber", rule, 2) end
    checkTaken("observedDayNumber", taken)
    local r = observedDay("observedDayNumber", n, rule, taken, false)
    return r
end
--@lazy substitute
local function byDay(a, b)
    if a.dayNumber ~= b.dayNumber then return a.dayNumber < b.dayNumber end
    return a.order < b.order
end

--- UK-style substitute days. `days` is a list of `{date = iso|dayNumber, name = string}`
--- (or `{iso, name}`). Each holiday whose weekday `rule` shifts (default cal.NEXT_WORKDAY)
--- gets a substitute on the shifted day, moved further in the same direction past weekends
--- and days already taken by another holiday or substitute; earlier holidays choose first.
--- Returns a new list, sorted by day, of `{date, dayNumber, name, observed, of}` where
--- substitutes have `observed = true` and `of` = the holiday's own ISO date.
---@param days {date: string|integer, name: string}[]
---@param rule? table
---@return {date: string, dayNumber: integer, name: string, observed: boolean, of: string|nil}[]
function cal.substitute(days, rule)
    if type(days) ~= "table" then
        fail("substitute", "days must be a list of {date = 'YYYY-MM-DD', name = '...'}, got " .. show(days))
    end
    rule = rule == nil and cal.NEXT_WORKDAY or rule
    local data = ruleData("substitute", rule, 2)
    local list, taken = {}, {}
    for i, e in ipairs(days) do
        if type(e) ~= "table" then
            fail("substitute", sformat("entry %d must be a table {date = 'YYYY-MM-DD', name = '...'}, got %s",
                i, show(e)))
        end
        local date, name = e.date, e.name
        if date == nil then date = e[1] end
        if name == nil then name = e[2] end
        local n, why
        if type(date) == "string" then
            n, why = parseDay(date)
            if n == nil then fail("substitute", sformat("entry %d: invalid date %s: %s", i, show(date), why)) end
        elseif mtype(date) == "integer" and date >= MIN_DAY and date <= MAX_DAY then
            n = date
        else
            fail("substitute", sformat("entry %d: date must be 'YYYY-MM-DD' or a day number, got %s", i, show(date)))
        end
        if type(name) ~= "string" then
            fail("substitute", sformat("entry %d: name must be a string, got %s", i, show(name)))
        end
        list[#list + 1] = { dayNumber = n, name = name, order = i }
        taken[n] = true
    end
    tsort(list, byDay)
    local out, count = {}, #list
    for i = 1, count do
        local e = list[i]
        local n = e.dayNumber
        e.date = isoOf(n)
        e.observed = false
        out[#out + 1] = e
        local v = data[weekdayOf(n)]
        if v ~= nil and v ~= 0 then
            local step = v > 0 and 1 or -1
            local r = (v == 7 or v == -7) and n + step or n + v
            while isWeekendDay(r) or taken[r] do r = r + step end
            if r < MIN_DAY or r > MAX_DAY then
                fail("substitute", sformat("substitute for %s is outside 0001-01-01...9999-12-31", e.date))
            end
            taken[r] = true
            out[#out + 1] = { dayNumber = r, date = isoOf(r), name = e.name, observed = true, of = e.date,
                order = count + i }
        end
    end
    tsort(out, byDay)
    for i = 1, #out do out[i].order = nil end
    return out
end
--@lazy end
---------------------------------------------------------------------------------------------
-- Windows, business days and quarters.
---------------------------------------------------------------------------------------------

--- A day given as a `day` (anything with an integer `dayNumber`), an ISO date or a day
--- number, as its day number; `lv` as in the checks above.
local function dayArg(fname, v, lv)
    lv = lv or 3
    local t = type(v)
    if t == "userdata" or t == "table" then
        local n = v.dayNumber
        if mtype(n) == "integer" and n >= MIN_DAY and n <= MAX_DAY then return n end
    elseif t == "string" then
        local n = parseDay(v)
        if n ~= nil then return n end
        local _, why = parseYMD(v)
        error(sformat("cal.%s: invalid date %s: %s", fname, show(v), why or "expected 'YYYY-MM-DD'"), lv)
    elseif t == "number" then
        return checkDayNumber(fname, v, lv + 1)
    end
    error(sformat("cal.%s: day must be a day, an ISO date 'YYYY-MM-DD' or a day number, got %s", fname, show(v)), lv)
end
--@lazy windows
-- The rows of each cal.windows list made in this state, with the policy line of the call, for
-- `calpolicy lint` (two windows overlapping with different reasons): it reads them through the
-- function below, left in `native` (the host reads it there; no policy sees it). Both live in
-- this section: a policy that never calls cal.windows has no rows, so lint finding
-- `native.windowRows` unset means none, and the cold start does not load them. The first
-- WINDOW_LISTS_KEPT calls only, so a policy building lists on every call does not grow it; each
-- entry shares the lookup's own tables.
local windowLists, WINDOW_LISTS_KEPT = {}, 64

local function listField(v)
    return (tostring(v):gsub("[\\\t\n]", { ["\\"] = "\\\\", ["\t"] = "\\t", ["\n"] = "\\n" }))
end

-- For the host's lint only: one line per row of every list kept, `line \t list \t row \t from
-- \t to \t reason` (day numbers; the reason with \\, tab and line feed escaped); line 0 when
-- the call was not made from a Lua line.
native.windowRows = function()
    local out = {}
    for list, kept in ipairs(windowLists) do
        for row = 1, #kept.froms do
            out[#out + 1] = sformat("%d\t%d\t%d\t%d\t%d\t%s", kept.line, list, row, kept.froms[row], kept.tos[row],
                listField(kept.reasons[row]))
        end
    end
    return table.concat(out, "\n")
end
--- A list of date windows `{ {from = 'YYYY-MM-DD', to = 'YYYY-MM-DD', reason = '...'}, ... }`,
--- checked once: every row a table with exactly these fields, `from` and `to` real days in
--- order (both included), `reason` a non-empty string; an error names the row and the field.
--- Returns `lookup(day) -> reason | nil` (a `day`, ISO date or day number). Windows may
--- overlap: the first row in the list that holds the day gives the reason.
---@param rows {from: string, to: string, reason: string}[]
---@return fun(day: any): string|nil
function cal.windows(rows)
    if type(rows) ~= "table" then
        fail("windows", "expected a list of {from = 'YYYY-MM-DD', to = 'YYYY-MM-DD', reason = '...'}, got "
            .. show(rows))
    end
    local count = #rows
    for k in pairs(rows) do
        if mtype(k) ~= "integer" or k < 1 or k > count then
            fail("windows", "expected a list of rows (1, 2, 3, ...), got the key " .. show(k))
        end
    end
    local froms, tos, reasons = {}, {}, {}
    for i = 1, count do
        local row = rows[i]
        if type(row) ~= "table" then
            fail("windows", sformat("row %d must be a table {from = ..., to = ..., reason = ...}, got %s", i, show(row)))
        end
        for k in pairs(row) do
            if k ~= "from" and k ~= "to" and k ~= "reason" then
                fail("windows", sformat("row %d: unknown field %s (expected from, to, reason)", i, show(k)))
            end
        end
        for _, field in ipairs({ "from", "to" }) do
            local v = row[field]
            if type(v) ~= "string" then
                fail("windows", sformat("row %d: '%s' must be an ISO date 'YYYY-MM-DD', got %s", i, field, show(v)))
            end
            local n, why = parseDay(v)
            if n == nil then fail("windows", sformat("row %d: '%s' is not a date: %s (%s)", i, field, show(v), why)) end
            if field == "from" then froms[i] = n else tos[i] = n end
        end
        if tos[i] < froms[i] then
            fail("windows", sformat("row %d: 'to' %s is before 'from' %s", i, row.to, row.from))
        end
        if type(row.reason) ~= "string" or row.reason == "" then
            fail("windows", sformat("row %d: 'reason' must be a non-empty string, got %s", i, show(row.reason)))
        end
        reasons[i] = row.reason
    end
    if #windowLists < WINDOW_LISTS_KEPT then
        -- Level 3: pcall raises for error, then cal.windows, then its caller's line.
        local _, where = pcall(error, "", 3)
        local line = tonumber(tostring(where):match(":(%d+): $")) or 0
        windowLists[#windowLists + 1] = { line = line, froms = froms, tos = tos, reasons = reasons }
    end
    return function(day)
        local n = day ~= nil and type(day) ~= "string" and type(day) ~= "number" and day.dayNumber or nil
        if mtype(n) ~= "integer" then n = dayArg("windows lookup", day) end
        for i = 1, count do
            if n >= froms[i] and n <= tos[i] then return reasons[i] end
        end
        return nil
    end
end

-- What a holiday policy sees in place of `day` when a business-day helper asks it about a
-- day other than the one being evaluated: the Gregorian fields of the day view.
local plainDayFields = { year = true, month = true, day = true, weekday = true, iso = true, dayNumber = true,
    yearDay = true }
local plainDayMeta = {
    __index = function(_, k)
        error(sformat("day has no field %s (a business-day helper passes a plain day: "
            .. "year, month, day, weekday, iso, dayNumber, yearDay)", show(k)), 2)
    end,
    __tostring = function(d) return rawget(d, "iso") end,
}
local function plainDay(n)
    local y, m, d = fromDay(n)
    return setmetatable({ year = y, month = m, day = d, weekday = weekdayOf(n), iso = isoOf(n), dayNumber = n,
        yearDay = n - toDay(y, 1, 1) + 1 }, plainDayMeta)
end

local emptySelection = setmetatable({}, {
    __index = { contains = function() return false end },
    __newindex = function() error("'selection' is read-only", 2) end,
})

local DEFAULT_WEEKEND = { [1] = true, [7] = true }

--- Reads the holiday arguments of a business-day helper once: functions (`f(day)` truthy =
--- a holiday), policy tables (a holiday where `canSelect(day, selection)` returns false) and
--- one optional `{weekend = {weekdays}}`.
local function businessRules(fname, first, ...)
    local checks, weekend = {}, DEFAULT_WEEKEND
    for i = 1, select("#", ...) do
        local h = select(i, ...)
        local t = type(h)
        if t == "function" then
            checks[#checks + 1] = h
        elseif t == "table" and type(rawget(h, "canSelect")) == "function" then
            local canSelect = h.canSelect
            checks[#checks + 1] = function(day) return canSelect(day, emptySelection) == false end
        elseif t == "table" and rawget(h, "weekend") ~= nil then
            local list = rawget(h, "weekend")
            if type(list) ~= "table" then
                fail(fname, sformat("argument #%d: weekend must be a list of weekdays (1 = Sunday ... 7 = Saturday), "
                    .. "got %s", first + i - 1, show(list)), 4)
            end
            weekend = {}
            for _, wd in ipairs(list) do weekend[checkWeekday(fname, wd, 4)] = true end
        else
            fail(fname, sformat("argument #%d must be a holiday function, a policy table with canSelect or "
                .. "{weekend = {...}}, got %s", first + i - 1, show(h)), 4)
        end
    end
    return checks, weekend
end

local function isBusiness(n, checks, weekend)
    if weekend[weekdayOf(n)] then return false end
    if #checks == 0 then return true end
    local day = plainDay(n)
    for i = 1, #checks do
        if checks[i](day) then return false end
    end
    return true
end

--- Whether `day` (a `day`, ISO date or day number) is a business day: not a weekend day
--- (Saturday and Sunday unless `{weekend = {...}}` is given) and a holiday for none of the
--- holiday arguments: functions `f(day) -> truthy` (a `cal.byYear` lookup, a `cal.windows`
--- lookup) or policy tables, where a day `canSelect` refuses is a holiday. Functions and
--- policies asked about a day other than the one evaluated get a plain day table.
---@return boolean
function cal.isBusinessDay(day, ...)
    local n = dayArg("isBusinessDay", day)
    local checks, weekend = businessRules("isBusinessDay", 2, ...)
    if weekend[weekdayOf(n)] then return false end
    if #checks == 0 then return true end
    local asked = (type(day) == "userdata" or type(day) == "table") and day or plainDay(n)
    for i = 1, #checks do
        if checks[i](asked) then return false end
    end
    return true
end

--- The business day `n` business days after `day` (before it when `n` is negative; `day`
--- itself when `n` is 0), as an ISO date; holidays and weekends as in `cal.isBusinessDay`.
---@return string
function cal.addBusinessDays(day, n, ...)
    local at = dayArg("addBusinessDays", day)
    n = int("addBusinessDays", "count", n)
    local checks, weekend = businessRules("addBusinessDays", 3, ...)
    local step = n < 0 and -1 or 1
    local left = n * step
    local idle = 0
    while left > 0 do
        at = at + step
        if at < MIN_DAY or at > MAX_DAY then
            fail("addBusinessDays", sformat("%d business days from %s is outside 0001-01-01...9999-12-31", n, isoOf(at - step)))
        end
        if isBusiness(at, checks, weekend) then
            left = left - 1
            idle = 0
        else
            idle = idle + 1
            if idle > 3660 then
                fail("addBusinessDays", sformat("no business day within 10 years of %s", isoOf(at - idle * step)))
            end
        end
    end
    return isoOf(at)
end

--- The quarter holding `day`: its number (1...4), first day and last day as ISO dates.
---@return integer quarter, string first, string last
function cal.quarter(day)
    local y, m = fromDay(dayArg("quarter", day))
    local q = (m - 1) // 3 + 1
    local lastMonth = q * 3
    return q, sformat("%04d-%02d-01", y, lastMonth - 2), sformat("%04d-%02d-%02d", y, lastMonth, monthLength(y, lastMonth))
end
--@lazy end
---------------------------------------------------------------------------------------------
-- Per-year tables: the shape of every holiday policy, and its hot path.
---------------------------------------------------------------------------------------------

--- A lookup `f(day)` answering `build(year)[day.dayNumber]` for the day's Gregorian year.
--- `build(year)` runs once per year and returns a table keyed by day number (holidays, say);
--- `f(year)`, given the year as an integer, returns that table itself (built once, shared with
--- the day lookups): what a policy's `answersForYear` reads.
--- The lookup reads one field of a day only when the day is outside the last year asked,
--- and answers a repeated question about the same day (canSelect, then decorationFor) at
--- once: it is what policies run for every displayed day. The engine answers it in C
--- (`native.byYear`, same behaviour and messages); this Lua version serves plain lua5.4.
---@param build fun(year: integer): table<integer, any>
---@return fun(day: any): any
function cal.byYear(build)
    if type(build) ~= "function" then fail("byYear", "build must be a function, got " .. show(build)) end
    local nativeByYear = type(native) == "table" and rawget(native, "byYear") or nil
    if nativeByYear then return nativeByYear(build) end
    local years = {}
    local first, last, current = 1, 0, nil -- day numbers of the last year asked, and its table
    local lastDay, lastAnswer = years, nil -- `years` stands for "no day yet": no day equals it
    local function field(day, name)
        local v = day[name]
        local i = type(v) == "number" and mtointeger(v) or nil
        if i == nil then fail("byYear", sformat("day.%s must be an integer, got %s", name, show(v)), 4) end
        return i
    end
    local function yearTable(y, level)
        local t = years[y]
        if t == nil then
            t = build(y)
            if type(t) ~= "table" then
                fail("byYear", sformat("build(%d) must return a table, got %s", y, show(t)), level)
            end
            years[y] = t
        end
        return t
    end
    return function(day)
        if day == lastDay then return lastAnswer end
        if type(day) == "number" then
            local y = mtointeger(day)
            if y == nil or y < MIN_YEAR or y > MAX_YEAR then
                fail("byYear", "a year must be an integer 1...9999, got " .. show(day))
            end
            return yearTable(y, 4)
        end
        local n = day.dayNumber
        if mtype(n) ~= "integer" then n = field(day, "dayNumber") end
        if n < first or n > last then
            local y = day.year
            if mtype(y) ~= "integer" then y = field(day, "year") end
            if y < MIN_YEAR or y > MAX_YEAR then
                fail("byYear", sformat("day.year must be %d...%d, got '%d'", MIN_YEAR, MAX_YEAR, y))
            end
            current = yearTable(y, 4)
            first, last = toDay(y, 1, 1), toDay(y, 12, 31)
        end
        lastDay, lastAnswer = day, current[n]
        return lastAnswer
    end
end
--@lazy calendars
---------------------------------------------------------------------------------------------
-- Host functions: the injected today and other calendar systems.
---------------------------------------------------------------------------------------------

--- A calendar argument: a non-empty name (the engine says whether it knows it). Raised at
--- level 4: this check, the public function, the policy's line.
local function checkCalendarName(fname, calendar)
    if type(calendar) ~= "string" or calendar == "" then
        fail(fname, "calendar must be a calendar name such as 'hebrew', got " .. show(calendar), 4)
    end
end

--- An optional leap-month flag: nil or a boolean.
local function checkLeapFlag(fname, isLeapMonth)
    if isLeapMonth ~= nil and type(isLeapMonth) ~= "boolean" then
        fail(fname, "isLeapMonth must be a boolean, got " .. show(isLeapMonth), 4)
    end
end

local function nativeFunction(fname, key)
    local f = type(native) == "table" and rawget(native, key) or nil
    if type(f) ~= "function" then
        error(sformat("cal.%s: not available in this host", fname), 3)
    end
    return f
end

--- The first answer of `f` (a host function cal.<fname> calls) called with `...`; a nil answer
--- fails with the host's message, or `otherwise` when it gave none. The error is raised
--- at level 4 (this helper, the public function, its caller), so a public function calls it out
--- of tail position: `return (hostAnswer(...))`.
local function hostAnswer(fname, otherwise, f, ...)
    local r, msg = f(...)
    if r == nil then fail(fname, msg ~= nil and tostring(msg) or otherwise, 4) end
    return r
end

--- The injected today as an ISO date, or nil when the host has none.
---@return string|nil
function cal.today()
    local f = nativeFunction("today", "today")
    return f()
end

--- The day in another calendar system: `{name, year, month, day, isLeapMonth, era}`.
---@param iso string
---@param calendar string a calpolicy calendar name such as "hebrew" or "islamic-umalqura"
---@return {name: string, year: integer, month: integer, day: integer, isLeapMonth: boolean, era: integer}
function cal.convert(iso, calendar)
    checkISO("convert", "date", iso)
    checkCalendarName("convert", calendar)
    local f = nativeFunction("convert", "convert")
    return (hostAnswer("convert", sformat("cannot convert %s to '%s'", iso, calendar), f, iso, calendar))
end

--- The Gregorian ISO date of a day given in another calendar system.
---@param calendar string
---@param y integer
---@param m integer
---@param d integer
---@param isLeapMonth? boolean
---@return string
function cal.fromCalendar(calendar, y, m, d, isLeapMonth)
    checkCalendarName("fromCalendar", calendar)
    y = int("fromCalendar", "year", y)
    m = int("fromCalendar", "month", m)
    d = int("fromCalendar", "day", d)
    checkLeapFlag("fromCalendar", isLeapMonth)
    local f = nativeFunction("fromCalendar", "fromCalendar")
    return (hostAnswer("fromCalendar", sformat("no day %d-%d-%d in calendar '%s'", y, m, d, calendar),
        f, calendar, y, m, d, isLeapMonth == true))
end

--- Every Gregorian day of `year` that is month `m`, day `d` of `calendar` (a calendar whose
--- years count on: Hebrew, Islamic, Persian, Chinese, Coptic, ...), ascending ISO dates. A
--- calendar year is shorter or longer than a Gregorian one, and some dates are missing in
--- some years, so the list holds 0, 1 or 2 days (Islamic dates can fall twice in a year).
--- `isLeapMonth` picks the leap month of that number (a Chinese leap month); Hebrew months
--- are numbered from Tishri (1) with Adar I = 6 (with or without the flag, as in `--month`)
--- and Adar / Adar II = 7.
---@param calendar string
---@param m integer
---@param d integer
---@param year integer Gregorian
---@param isLeapMonth? boolean
---@return string[]
function cal.inGregorianYear(calendar, m, d, year, isLeapMonth)
    checkCalendarName("inGregorianYear", calendar)
    m = int("inGregorianYear", "month", m)
    d = int("inGregorianYear", "day", d)
    if m < 1 or m > 13 then fail("inGregorianYear", sformat("month must be 1...13, got '%d'", m)) end
    if d < 1 or d > 31 then fail("inGregorianYear", sformat("day must be 1...31, got '%d'", d)) end
    year = checkYear("inGregorianYear", year)
    checkLeapFlag("inGregorianYear", isLeapMonth)
    local convert = nativeFunction("inGregorianYear", "convert")
    local fromCalendar = nativeFunction("inGregorianYear", "fromCalendar")
    local first = hostAnswer("inGregorianYear", "cannot convert to " .. show(calendar),
        convert, isoOf(toDay(year, 1, 1)), calendar)
    local last = convert(isoOf(toDay(year, 12, 31)), calendar)
    local out = {}
    -- Era calendars restart their years: only the years of one era are walked.
    local lastYear = (last.era == first.era) and last.year or first.year
    for cy = first.year, lastYear do
        local ok, iso = pcall(fromCalendar, calendar, cy, m, d, isLeapMonth == true)
        if ok and type(iso) == "string" and tonumber(iso:sub(1, 4)) == year then out[#out + 1] = iso end
    end
    tsort(out)
    return out
end

--@lazy hours
---------------------------------------------------------------------------------------------
-- Hours: what `hoursFor(day)` returns. A closed interval is a table { from = minutes, to =
-- minutes, reason = text } in the policy's own zone's wall time, half-open [from, to), minute
-- resolution, "24:00" allowed as an end. The host turns wall time into instants with the zone
-- database; these helpers only check and count minutes. A malformed time raises here, at the
-- policy's line, so a typo never leaves a gate silently open.
---------------------------------------------------------------------------------------------

--- "HH:MM" as minutes since midnight: two digits each, 00:00 ... 24:00.
local function wallMinutes(fname, what, v)
    if type(v) ~= "string" then
        fail(fname, what .. " must be a time 'HH:MM', got " .. show(v), 4)
    end
    local h, m = v:match("^(%d%d):(%d%d)$")
    h, m = tonumber(h), tonumber(m)
    if h == nil or m > 59 or h > 24 or (h == 24 and m ~= 0) then
        fail(fname, what .. " must be a time 'HH:MM' from 00:00 to 24:00, got " .. show(v), 4)
    end
    return h * 60 + m
end

local function hoursSpan(fname, from, to, reason)
    local a = wallMinutes(fname, "from", from)
    local b = wallMinutes(fname, "to", to)
    if a >= b then
        fail(fname, sformat("from %s must be before to %s", show(from), show(to)), 3)
    end
    if reason ~= nil and type(reason) ~= "string" then
        fail(fname, "reason must be a string, got " .. show(reason), 3)
    end
    return a, b
end

--- The day is closed from `from` to `to` (wall time "HH:MM", half-open, "24:00" allowed).
---@param from string
---@param to string
---@param reason? string
---@return table
function cal.closed(from, to, reason)
    local a, b = hoursSpan("closed", from, to, reason)
    return { from = a, to = b, reason = reason }
end

--- The day is open only from `from` to `to`: the closed intervals before and after it, as a
--- list (`hoursFor` may return it as is or inside its own list).
---@param from string
---@param to string
---@param reason? string
---@return table[]
function cal.openOnly(from, to, reason)
    local a, b = hoursSpan("openOnly", from, to, reason)
    local out = {}
    if a > 0 then out[#out + 1] = { from = 0, to = a, reason = reason } end
    if b < 1440 then out[#out + 1] = { from = b, to = 1440, reason = reason } end
    return out
end
--@lazy end
-- cal.holidays and cal.weekend are compiled on first use (HolidayLuaLibrary.swift) and check
-- their arguments with these, so they quote values and word bad days as every function here.
if native.shareChecks ~= nil then native.shareChecks({ show = show, dayArg = dayArg }) end

return cal
