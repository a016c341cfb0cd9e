-- change-freeze.lua: company change-freeze (blackout) windows: not selectable, decorated.
--
-- Encodes: the dates on which production changes are not allowed, with the reason people see.
-- The FREEZES table below is the only part to edit: one row per window, both ends inclusive,
-- ISO dates. Overlapping windows are fine; their reasons are joined with "; ".
-- Source: the team's release calendar (these rows are an example).
-- Differences from python-holidays: not applicable (no public reference).
--
-- Mistakes in the table stop the policy from loading, with the row number in the message, so a
-- bad edit never silently opens a freeze.

local FREEZES = {
    { from = "2026-11-25", to = "2026-11-30", reason = "Thanksgiving traffic peak" },
    { from = "2026-12-18", to = "2027-01-04", reason = "Year-end change freeze" },
    { from = "2027-03-29", to = "2027-04-01", reason = "Quarter-end close" },
    { from = "2027-06-28", to = "2027-07-01", reason = "Quarter-end close" },
    { from = "2027-09-27", to = "2027-09-30", reason = "Quarter-end close" },
}

local COLOR = "#616161"
local MAX_WINDOW_DAYS = 366

--- dayNumber -> decoration, built once at load.
local frozen = {}
for i, w in ipairs(FREEZES) do
    local function bad(what) error(string.format("FREEZES[%d]: %s", i, what), 2) end
    if type(w.reason) ~= "string" or w.reason == "" then bad("reason must be a non-empty string") end
    local ok, first = pcall(cal.dayNumberOf, w.from)
    if not ok then bad("'from' must be a date 'YYYY-MM-DD', got '" .. tostring(w.from) .. "'") end
    local ok2, last = pcall(cal.dayNumberOf, w.to)
    if not ok2 then bad("'to' must be a date 'YYYY-MM-DD', got '" .. tostring(w.to) .. "'") end
    if last < first then bad(string.format("'to' (%s) is before 'from' (%s)", w.to, w.from)) end
    if last - first >= MAX_WINDOW_DAYS then bad("a window longer than a year is probably a typo") end
    for n = first, last do
        local d = frozen[n]
        if d then
            d.label = d.label .. "; " .. w.reason
        else
            frozen[n] = { kind = "default", label = w.reason, color = COLOR, size = "small" }
        end
    end
end

return {
    name = "change-freeze",
    description = "Days inside a change-freeze window cannot be selected.",
    version = "1.0.0",

    canSelect = function(day)
        local d = frozen[day.dayNumber]
        if d then return false, "change freeze: " .. d.label end
        return true
    end,

    decorationFor = function(day)
        return frozen[day.dayNumber]
    end,

    -- The same answers a whole year at once, so that a long span (eval, export) asks Lua once a
    -- year instead of twice a day (docs/policy-api.md, "Answering a year at once"). It reads the
    -- `frozen` table canSelect and decorationFor read, with canSelect's reason.
    answersForYear = function(year)
        local first, last = cal.dayNumber(year, 1, 1), cal.dayNumber(year, 12, 31)
        local answers = {}
        for n, d in pairs(frozen) do
            if n >= first and n <= last then
                answers[n] = { selectable = false, reason = "change freeze: " .. d.label, decoration = d }
            end
        end
        return answers
    end,

    -- The release calendar above is planned through 2027: `calpolicy check --horizon` fails
    -- once a later day is asked for, so the table is extended before it runs out.
    coverage = { from = "2026-01-01", to = "2027-12-31" },
}
