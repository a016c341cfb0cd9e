-- cal.holidays and cal.weekend, compiled on a state's first use (see HolidayLuaLibrary.swift).
-- Receives the host's lookup and the day arithmetic; returns {holidays = fn, weekend = fn},
-- each called from a C function, so an error naming the policy's line is raised at level 3.
local host, dayNumber, civil, checks = ...
local type, error, tostring, ipairs, pairs, setmetatable, tonumber =
    type, error, tostring, ipairs, pairs, setmetatable, tonumber
local sformat, smatch, gmatch, sbyte, concat = string.format, string.match, string.gmatch, string.byte, table.concat

-- The prelude's own checks (handed over through native.shareChecks), so a bad value is quoted
-- and a bad day worded exactly as every other cal function words it.
local show, dayArg = checks.show, checks.dayArg

-- A day as a `day` view (anything with an integer `dayNumber`), an ISO date or a day number;
-- an error at `level` (counted from the function that called toDay).
-- (Not a tail call: dayArg's level counts toDay's frame.)
local function toDay(fname, v, level)
    local n = dayArg(fname, v, level + 2)
    return n
end

local function yearOf(n) return (civil(n)) end

local function readOnly() error("cal.holidays: the object is read-only", 2) end

local OPTIONS = { categories = true, language = true }

local function holidays(place, options)
    if type(place) ~= "string" then
        error("cal.holidays: place must be a code such as 'DE', 'DE-BE' or 'XNYS', got " .. show(place), 3)
    end
    if options ~= nil and type(options) ~= "table" then
        error("cal.holidays: options must be a table such as { categories = { 'public' }, language = 'de' }, got "
            .. show(options), 3)
    end
    options = options or {}
    for key in pairs(options) do
        if not OPTIONS[key] then
            local hint = (key == "category" or key == "categorie") and "; did you mean 'categories'?"
                or (key == "lang" or key == "languages") and "; did you mean 'language'?" or ""
            error(sformat("cal.holidays: unknown option %s%s (options: categories, language)", show(key), hint), 3)
        end
    end
    local list, categories = {}, options.categories
    if type(categories) == "string" then
        list[1] = categories
    elseif type(categories) == "table" then
        for i, c in ipairs(categories) do
            if type(c) ~= "string" or c == "" or c:find("[+%c]") then
                error("cal.holidays: categories must be category names such as 'public', got " .. show(c), 3)
            end
            list[i] = c
        end
        if #list == 0 then error("cal.holidays: categories is empty; name at least one such as 'public'", 3) end
    elseif categories ~= nil then
        error("cal.holidays: categories must be a list of names such as { 'public' }, got " .. show(categories), 3)
    end
    local language = options.language
    if language ~= nil and (type(language) ~= "string" or language:find("%c")) then
        error("cal.holidays: language must be a language code such as 'de' or 'en', got " .. show(language), 3)
    end
    if place:find("%c") then error("cal.holidays: place must be a code such as 'DE-BE', got " .. show(place), 3) end
    local answer, why = host(1, place .. "\31" .. concat(list, "+") .. "\31" .. (language or ""))
    if answer == nil then error("cal.holidays: " .. tostring(why), 3) end
    local key, first, last = smatch(answer, "^([^\t]*)\t(%-?%d+)\t(%-?%d+)$")
    first, last = tonumber(first), tonumber(last)

    local years, none, object = {}, {}, { first = first, last = last }

    -- The holidays of year y by day number, looked up once; raised at the policy's line (level 3).
    local function year(y)
        local byDay = years[y]
        if byDay ~= nil then return byDay end
        local text, whyNot = host(2, key, y)
        if text == nil then error("cal.holidays:on: " .. tostring(whyNot), 3) end
        byDay = {}
        for n, category, name, english, observedOf, flags in
            gmatch(text, "(%-?%d+)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\n]*)\n") do
            local entry = { name = name, englishName = english, category = category }
            if observedOf ~= "" then entry.observedOf = observedOf end
            if flags:find("o", 1, true) then entry.observed = true end
            if flags:find("e", 1, true) then entry.estimated = true end
            if flags:find("h", 1, true) then entry.halfDay = true end
            n = tonumber(n)
            local list = byDay[n]
            if list == nil then list = {}; byDay[n] = list end
            list[#list + 1] = entry
        end
        years[y] = byDay
        return byDay
    end

    -- The holidays of the day (a new list each call; empty when none). A year past the data is
    -- an error, never an empty answer: ask covers first.
    function object.on(self, day)
        local n = toDay("holidays:on", day, 2)
        local y = yearOf(n)
        if y < first or y > last then
            error(sformat("cal.holidays:on: no holiday data for %d (%s covers %d–%d; ask :covers(day) first)",
                y, place, first, last), 2)
        end
        local found = year(y)[n] or none
        local copy = {}
        for i = 1, #found do copy[i] = found[i] end
        return copy
    end

    -- Whether the data covers the day's year.
    function object.covers(self, day)
        local y = yearOf(toDay("holidays:covers", day, 2))
        return y >= first and y <= last
    end

    return setmetatable({}, { __index = object, __newindex = readOnly, __metatable = false })
end

local weekends = {} -- place -> year -> one byte per day, "1" a weekend day

local function weekend(place, day)
    if type(place) ~= "string" or place:find("%c") then
        error("cal.weekend: place must be a code such as 'AE' or 'MY-01', got " .. show(place), 3)
    end
    local n = toDay("weekend", day, 3)
    local y = yearOf(n)
    local byYear = weekends[place]
    if byYear == nil then byYear = {}; weekends[place] = byYear end
    local bits = byYear[y]
    if bits == nil then
        local why
        bits, why = host(3, place, y)
        if bits == nil then error("cal.weekend: " .. tostring(why), 3) end
        byYear[y] = bits
    end
    return sbyte(bits, n - dayNumber(y, 1, 1) + 1) == 49
end

return { holidays = holidays, weekend = weekend }
