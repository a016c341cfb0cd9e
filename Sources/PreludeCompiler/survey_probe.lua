-- What PreludeCompiler compiles to prove it reads this liblua's bytecode before it splits
-- cal.lua (lazy_bundle.c): exactly one global read (g), one global write (y) and one assigned
-- upvalue (x).
local x = 0
local function f() y = g; x = 1 end
return f
