-- deploy-hours.lua: when deploys may not happen, in hours, in Berlin. Stack it after
-- policies/change-freeze.lua (whole days) and ask `calpolicy gate` before each deploy.
-- Deploys happen on weekdays from 08:00 to 18:00, on Fridays only until 15:00 and on
-- Christmas Eve only until noon; never at weekends. Every day that closes early also closes
-- before 08:00: a shorter afternoon must not open the night.
return {
  name = "deploy hours",
  zone = "Europe/Berlin",
  hoursFor = function(day)
    if day.weekday == cal.SATURDAY or day.weekday == cal.SUNDAY then
      return { cal.closed("00:00", "24:00", "no weekend deploys") }
    end
    local morning = cal.closed("00:00", "08:00", "outside deploy hours")
    if day.month == 12 and day.day == 24 then
      return { morning, cal.closed("12:00", "24:00", "Christmas Eve from noon") }
    end
    if day.weekday == cal.FRIDAY then
      return { morning, cal.closed("15:00", "24:00", "no Friday-afternoon deploys") }
    end
    return cal.openOnly("08:00", "18:00", "outside deploy hours")
  end,
}
