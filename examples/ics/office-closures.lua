-- office-closures.lua: days the office is closed, from closures.ics beside this file
-- (exported from the facilities team's calendar). Closed days cannot be booked; inventory
-- days can, but are marked.
local closures = cal.ics("closures.ics")

local function first(day, category)
    for _, o in ipairs(closures:on(day)) do
        for _, c in ipairs(o.categories) do
            if c == category then return o end
        end
    end
end

return {
    name = "office-closures",
    description = "Office closures and inventory days from closures.ics.",

    canSelect = function(day)
        local closed = first(day, "closure")
        if closed then return false, closed.summary end
        return true
    end,

    decorationFor = function(day)
        local hits = closures:on(day)
        if #hits > 0 then return { label = hits[1].summary, color = "#6a1b9a" } end
    end,
}
