-- A tiny test runner for the pure-Lua tests: `test(name, fn)` registers a test; `expect.*`
-- raise with the caller's line on failure; `run()` prints failures and "N passed, N failed".

local T = { tests = {} }

local function fmt(v)
    if type(v) == "string" then return string.format("%q", v) end
    return tostring(v)
end

function T.test(name, fn)
    T.tests[#T.tests + 1] = { name = name, fn = fn, file = debug.getinfo(2, "S").short_src }
end

local expect = {}
T.expect = expect

function expect.eq(actual, expected, what)
    if actual ~= expected then
        error(string.format("%sexpected %s, got %s", what and (what .. ": ") or "", fmt(expected), fmt(actual)), 2)
    end
end

function expect.truthy(v, what)
    if not v then error((what or "expected a true value") .. ", got " .. fmt(v), 2) end
end

--- Expects `fn(...)` to raise an error whose message contains `fragment` (plain text).
function expect.fails(fragment, fn, ...)
    local ok, err = pcall(fn, ...)
    if ok then error("expected an error containing " .. fmt(fragment) .. ", but the call succeeded", 2) end
    if type(err) ~= "string" or not err:find(fragment, 1, true) then
        error("expected an error containing " .. fmt(fragment) .. ", got " .. fmt(err), 2)
    end
    return err
end

function T.run()
    local passed, failed = 0, 0
    local filter = os.getenv("CAL_TEST_FILTER")
    for _, t in ipairs(T.tests) do
        if filter == nil or t.name:find(filter, 1, true) then
            local ok, err = xpcall(t.fn, debug.traceback)
            if ok then
                passed = passed + 1
            else
                failed = failed + 1
                io.write("FAIL ", t.file, ": ", t.name, "\n    ", tostring(err):gsub("\n", "\n    "), "\n")
            end
        end
    end
    io.write(string.format("%d passed, %d failed\n", passed, failed))
    return failed == 0
end

return T
