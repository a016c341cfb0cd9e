-- Public holidays: a holiday is refused and labelled with its name. "US" is the place's code in
-- the built-in holiday data (a country, "DE-BE" for a subdivision, "XNYS" for a market).
local holidays = cal.holidays("US")

return {
    name = {{name}},
    description = "Refuses public holidays and labels them.",
    canSelect = function(day)
        local found = holidays:on(day)[1]
        if found then return false, found.name end
        return true
    end,
    decorationFor = function(day)
        local found = holidays:on(day)[1]
        if found then return { label = found.name } end
        return nil
    end,
}
