return {
  canSelect = function(day)
    if day.month == 2 and day.day == 29 then error("no leap days here") end
    return true
  end,
  decorationFor = function(day) if day.iso == "2024-02-10" and day.calendar.name == "hebrew" then return { label = 5 } end end,
}
