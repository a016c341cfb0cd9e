-- {{policyFile}}: the days of {{ics}}, beside this file (written by `calpolicy import`).
-- A day with an event is {{what}}.
-- The file is read with cal.ics while the policy loads; edit or replace it and the
-- policy follows (see docs/policy-api.md).
local events = cal.ics({{ics}})

return {
    name = {{name}},
    description = {{description}},
    -- {{#denies}}
    canSelect = function(day)
        local hits = events:on(day)
        if #hits > 0 then return false, hits[1].summary end
        return true
    end,
    -- {{/denies}}
    -- {{#decorates}}

    decorationFor = function(day)
        local hits = events:on(day)
        if #hits > 0 then return { label = hits[1].summary } end
    end,
    -- {{/decorates}}
}
