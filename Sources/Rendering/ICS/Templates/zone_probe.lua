-- Run by `calpolicy import` before it writes anything, never written itself: loads as a
-- policy whose name lists the zones of the file's timed events between the two days
-- (comma-separated, sorted; `floating` for a time without zone), so the file is read by the
-- same parser the written policy will use.
local events = cal.ics({{ics}})
local seen, zones = {}, {}
for _, o in ipairs(events:between({{first}}, {{last}})) do
    local zone = not o.allDay and (o.zone or "floating") or nil
    if zone and not seen[zone] then seen[zone] = true; zones[#zones + 1] = zone end
end
table.sort(zones)
return { name = table.concat(zones, ","), canSelect = function() return true end }
