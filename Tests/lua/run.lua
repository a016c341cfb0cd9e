-- Runs every pure-Lua test file in this folder with one shared runner; see testing.lua.
local here = debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or "."
local T = dofile(here .. "/testing.lua")
for _, name in ipairs({ "cal_test.lua", "policies_test.lua" }) do
    local f = io.open(here .. "/" .. name, "r")
    if f then
        f:close()
        local t = dofile(here .. "/" .. name)
        for _, case in ipairs(t.tests) do T.tests[#T.tests + 1] = case end
    end
end
os.exit(T.run() and 0 or 1)
