-- Public holidays: a holiday is refused and labelled with its name. "US" is the place's code in
-- the built-in holiday data (a country, "DE-BE" for a subdivision, "XNYS" for a market). A year
-- the data does not cover is refused (it cannot say which days are holidays then).
local holidays = cal.holidays("US")

return {
    name = {{name}},
    description = "Refuses public holidays and labels them.",
    canSelect = function(day)
        if not holidays:covers(day) then return false, "no holiday data for " .. day.year end
        local found = holidays:on(day)[1]
        if found then return false, found.name end
        return true
    end,
    decorationFor = function(day)
        if not holidays:covers(day) then return nil end
        local found = holidays:on(day)[1]
        if found then return { label = found.name } end
        return nil
    end,
}
