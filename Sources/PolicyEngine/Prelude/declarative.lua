-- The engine's one Lua for declarative policies (freeze.yaml, .yml, .json; docs/declarative.md).
-- The host has set the global `declarative` to the file's values, checked and typed by the
-- schema (DeclarativePolicy's Freeze) and pushed as a table through the C API: days are day
-- numbers, times minutes. This chunk runs as the policy's own, under its sandbox and budget, and
-- answers for those values with the functions a hand-written policy would define.
local data = declarative
declarative = nil

-- `dates`: day number -> its reason (false: none); the first listing of a day wins.
local listed = {}
for _, date in ipairs(data.dates) do
    if listed[date.day] == nil then listed[date.day] = date.reason or false end
end

-- `holidays`: each rule's data set, opened while the policy loads (cal.holidays may only be
-- opened then). A refusal names the rule, so the host can point at its line in the file.
local holidaySets = {}
for index, rule in ipairs(data.holidays) do
    local ok, set = pcall(cal.holidays, rule.place, { categories = rule.categories, language = rule.language })
    if not ok then
        local message = tostring(set):gsub("^[^\n]-:%d+: ", "")
        error(string.format("holidays[%d]: %s", index - 1, message), 0)
    end
    holidaySets[index] = set
end

-- The name of the first holiday of `set` on day number `n` that `rule` counts.
local function holidayOn(set, rule, n)
    for _, holiday in ipairs(set:on(n)) do
        if rule.halfDays or not holiday.halfDay then return holiday.name end
    end
    return nil
end

-- Rules in file order; for each, the day itself, then the day before a holiday, then the day after.
-- A year the data does not cover is denied (fail closed), as a hand-written policy asks `covers`.
local function holidayReason(day)
    local n = day.dayNumber
    for index, rule in ipairs(data.holidays) do
        local set = holidaySets[index]
        if not set:covers(n) then
            return string.format("no holiday data for %d (%s covers %d–%d)", day.year, rule.place, set.first, set.last)
        end
        local name = holidayOn(set, rule, n)
        if name then return name end
        if rule.dayBefore and set:covers(n + 1) then
            name = holidayOn(set, rule, n + 1)
            if name then return "day before " .. name end
        end
        if rule.dayAfter and set:covers(n - 1) then
            name = holidayOn(set, rule, n - 1)
            if name then return "day after " .. name end
        end
    end
    return nil
end

-- Whether `day` is denied whole, and why: a listed date, then a day a `closed` window covers from
-- midnight to midnight, then a holiday.
local function denied(day)
    local n = day.dayNumber
    local reason = listed[n]
    if reason ~= nil then return true, reason or nil end
    for _, window in ipairs(data.closed) do
        if (n > window.fromDay or (n == window.fromDay and window.fromMinute == 0)) and n < window.toDay then
            return true, window.reason
        end
    end
    reason = holidayReason(day)
    if reason then return true, reason end
    return false, nil
end

-- The parts of the day `closed` windows and `weekly` windows close, in the zone's wall time
-- (a day denied whole is never asked).
local function hoursFor(day)
    local n, intervals = day.dayNumber, {}
    for _, window in ipairs(data.closed) do
        if n >= window.fromDay and n <= window.toDay then
            local from = n == window.fromDay and window.fromMinute or 0
            local to = n == window.toDay and window.toMinute or 1440
            if to > from then intervals[#intervals + 1] = { from = from, to = to, reason = window.reason } end
        end
    end
    for _, window in ipairs(data.weekly) do
        for _, weekday in ipairs(window.days) do
            if weekday == day.weekday then
                intervals[#intervals + 1] = { from = window.from, to = window.to, reason = window.reason }
                break
            end
        end
    end
    if #intervals > 0 then return intervals end
    return nil
end

-- `decorations`, first match wins: listed days, or every day the policy denies whole.
local decorated = {}
for index, rule in ipairs(data.decorations) do
    local days = {}
    for _, n in ipairs(rule.days) do days[n] = true end
    decorated[index] = days
end

local function decorationFor(day)
    local n = day.dayNumber
    for index, rule in ipairs(data.decorations) do
        local hit, reason = decorated[index][n] == true, nil
        if not hit and rule.closed then hit, reason = denied(day) end
        if hit then return { label = rule.label or reason, color = rule.color } end
    end
    return nil
end

local policy = {
    name = data.name, description = data.description, version = data.version, zone = data.zone,
    scope = data.scope, overridable = data.overridable,
}
if #data.dates > 0 or #data.closed > 0 or #data.holidays > 0 then
    policy.canSelect = function(day)
        local no, reason = denied(day)
        if no then return false, reason end
        return true
    end
end
if #data.closed > 0 or #data.weekly > 0 then policy.hoursFor = hoursFor end
if #data.decorations > 0 then policy.decorationFor = decorationFor end
return policy
