-- deploy-hours.lua: when deploys may not happen, in hours, in Berlin. Stack it after
-- policies/change-freeze.lua (whole days) and ask `calpolicy gate` before each deploy.
return {
  name = "deploy hours",
  zone = "Europe/Berlin",
  hoursFor = function(day)
    if day.month == 12 and day.day == 24 then return { cal.closed("12:00", "24:00", "Christmas Eve from noon") } end
    if day.weekday == cal.FRIDAY then return { cal.closed("15:00", "24:00", "no Friday-afternoon deploys") } end
    if day.weekday == cal.SATURDAY or day.weekday == cal.SUNDAY then
      return { cal.closed("00:00", "24:00", "no weekend deploys") }
    end
    return cal.openOnly("08:00", "18:00", "outside deploy hours")
  end,
}
