-- trivial.lua: allows every day. Measures the engine's per-call cost (day view,
-- protected call, budget hook, result checks) with no policy work on top.
return {
    name = "trivial",
    canSelect = function(day, selection)
        return true
    end,
}
