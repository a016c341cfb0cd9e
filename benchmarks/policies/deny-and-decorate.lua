-- deny-and-decorate.lua: denies and decorates every day, and defines all three functions: the
-- case whose eval JSON needs every deciding line (what the Lua-call counter measures).
return {
    canSelect = function(day) return false, "closed" end,
    canDeselect = function(day) return true end,
    decorationFor = function(day) return { label = "closed" } end,
}
