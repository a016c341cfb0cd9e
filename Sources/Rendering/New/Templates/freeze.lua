-- A change freeze: a day inside one of the windows below is refused, with the window's reason.
-- Add, move or remove rows; windows may overlap (the first row holding a day gives the reason).
local frozen = cal.windows({
    { from = {{from}}, to = {{to}}, reason = "year-end change freeze" },
})

return {
    name = {{name}},
    description = "Refuses changes during the freeze windows.",
    canSelect = function(day)
        local reason = frozen(day)
        if reason then return false, reason end
        return true
    end,
}
