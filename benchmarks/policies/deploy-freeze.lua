-- The gate benchmark's policy: a year-end freeze, Christmas Eve from noon and no deploys on
-- Friday afternoons, in Berlin.
return {
  name = "deploy freeze",
  zone = "Europe/Berlin",
  canSelect = function(day)
    if (day.month == 12 and day.day >= 25) or (day.month == 1 and day.day <= 4) then
      return false, "Year-end change freeze"
    end
    return true
  end,
  hoursFor = function(day)
    if day.month == 12 and day.day == 24 then return { cal.closed("12:00", "24:00", "Christmas Eve") } end
    if day.weekday == cal.FRIDAY then return { cal.closed("15:00", "24:00", "no Friday-afternoon deploys") } end
  end,
}
