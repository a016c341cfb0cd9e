-- {{policyFile}}: the events of {{ics}}, beside this file (written by `calpolicy import`).
-- An all-day event's days are {{what}}; a timed event closes its hours
-- (in {{zone}}, the zone its times are written in) and decorates its days.
-- The file is read with cal.ics while the policy loads; edit or replace it and the
-- policy follows (see docs/policy-api.md and docs/hours-and-zones.md).
local events = cal.ics({{ics}})

return {
    name = {{name}},
    description = {{description}},
    zone = {{zone}},
    -- {{#denies}}
    canSelect = function(day)
        for _, hit in ipairs(events:on(day)) do
            if hit.allDay then return false, hit.summary end
        end
        return true
    end,

    hoursFor = function(day)
        return events:hoursOn(day)
    end,
    -- {{/denies}}
    -- {{#decorates}}

    decorationFor = function(day)
        local hits = events:on(day)
        if #hits > 0 then return { label = hits[1].summary } end
    end,
    -- {{/decorates}}
}
