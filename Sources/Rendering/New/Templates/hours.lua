-- Working hours: changes happen on weekdays from 08:00 to 18:00 in the zone below, never at
-- weekends. Change the zone, the hours and the reasons to yours.
return {
    name = {{name}},
    description = "Open on weekdays from 08:00 to 18:00.",
    zone = "Europe/Berlin",
    hoursFor = function(day)
        if day.weekday == cal.SATURDAY or day.weekday == cal.SUNDAY then
            return { cal.closed("00:00", "24:00", "closed at weekends") }
        end
        return cal.openOnly("08:00", "18:00", "outside working hours")
    end,
}
