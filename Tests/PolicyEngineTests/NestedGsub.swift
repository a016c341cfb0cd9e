/// Lua defining `T`, `repeats` runs of `run` a's each ended by a b, then a c; and
/// `level(d)`, a gsub callback that matches `a*a*a*c` against `T` again with
/// `level(d - 1)`, `d` levels down. Every match of that pattern backtracks through the
/// whole subject, so nesting multiplies pattern-matching steps while the callbacks run
/// only a handful of instructions. The caller appends the code that starts the nesting.
func nestedGsubSource(run: Int, repeats: Int) -> String {
    """
    local T = string.rep(string.rep("a", \(run)) .. "b", \(repeats)) .. "c"
    local function level(d)
        return function(c)
            if d > 0 then T:gsub("a*a*a*c", level(d - 1)) end
            return c
        end
    end

    """
}
