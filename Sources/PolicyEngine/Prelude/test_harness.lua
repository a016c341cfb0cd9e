local native = ...
local cal = cal
local type, tostring, tonumber, ipairs, pairs, pcall, xpcall, error, select, setmetatable, rawset =
    type, tostring, tonumber, ipairs, pairs, pcall, xpcall, error, select, setmetatable, rawset
local concat = table.concat

local settings = { policies = {}, policyLines = {}, today = nil, zone = nil }
local tests = {}
local records = nil

local function escape(v)
    return (tostring(v):gsub("[\\\t\n]", { ["\\"] = "\\\\", ["\t"] = "\\t", ["\n"] = "\\n" }))
end

-- Present values are written "=value", nil as an empty field.
local function field(v)
    if v == nil then return "" end
    return "=" .. escape(v)
end

-- The chunk and line `level` frames up (2 = the caller of positionOf); nil for a C function.
local function positionOf(level)
    local _, message = pcall(error, "", level)
    local chunk, line = tostring(message):match("^(.-):(%d+): $")
    return chunk, tonumber(line)
end

-- The test file's chunk name, as Lua writes it in positions (noted where tests are defined).
local testChunk = nil

-- The line `level` frames up (2 = the caller of lineOf); 0 when unknown. `inTestFile`:
-- that frame is the test file, whose chunk name is noted.
local function lineOf(level, inTestFile)
    local chunk, line = positionOf(level + 1)
    if inTestFile and chunk then testChunk = chunk end
    return line or 0
end

-- Where a failing test was in its own file: the line of the innermost call still running in
-- the test file when the error was raised (so an error raised in C, or in `cal`, is reported
-- at the test's call of it). Called from the message handler; nil when not found.
local function failingLine()
    if not testChunk then return nil end
    for level = 3, 200 do -- C frames and levels past the top have no position
        local chunk, line = positionOf(level)
        if chunk == testChunk then return line end
    end
    return nil
end

local function add(kind, line, ...)
    local fields = { kind, tostring(line) }
    for i = 1, select("#", ...) do fields[#fields + 1] = field((select(i, ...))) end
    records[#records + 1] = concat(fields, "\t")
end

local function checkDate(value, what)
    if type(value) ~= "string" or not pcall(cal.parse, value) then
        error(what .. ": expected a date 'YYYY-MM-DD', got " .. (type(value) == "string" and ("'" .. value .. "'") or type(value)), 3)
    end
    return value
end

local function inTest(name)
    if not records then error("expect." .. name .. " can only be called inside a test function", 3) end
end

local function dates(list, what)
    if list == nil then return nil end
    if type(list) ~= "table" then error(what .. ": expected a list of dates, got " .. type(list), 3) end
    local out = {}
    for i, d in ipairs(list) do out[i] = checkDate(d, what) end
    return concat(out, ",")
end

local function show(v)
    if type(v) == "string" then return "'" .. v .. "'" end
    if type(v) ~= "table" then return tostring(v) end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. show(v[k]) end
    return "{" .. concat(parts, ", ") .. "}"
end

local function same(a, b)
    if type(a) ~= "table" or type(b) ~= "table" then return a == b end
    for k, v in pairs(a) do if not same(v, b[k]) then return false end end
    for k in pairs(b) do if a[k] == nil then return false end end
    return true
end

local expect = {}

-- expect.denied, .selectable, .deselectable, .notDeselectable and .noDecoration(date[, reason]):
-- one expectation of the day's verdict, recorded at the test's line. `reason` says what the
-- expectation takes after the date: nothing (nil), any value ("any") or a string ("string").
local function verdictExpectation(kind, reason)
    local what = "expect." .. kind
    return function(date, why)
        inTest(kind)
        local line = lineOf(4)
        if reason == "string" and why ~= nil and type(why) ~= "string" then error(what .. ": the reason must be a string", 2) end
        if reason then add(kind, line, checkDate(date, what), why) else add(kind, line, checkDate(date, what)) end
    end
end

expect.denied = verdictExpectation("denied", "string")
expect.selectable = verdictExpectation("selectable")
expect.deselectable = verdictExpectation("deselectable")
expect.notDeselectable = verdictExpectation("notDeselectable", "any")

local DECORATION_FIELDS = { kind = true, label = true, color = true, image = true, size = true }

function expect.decoration(date, want)
    inTest("decoration")
    local line = lineOf(4)
    want = want or {}
    if type(want) ~= "table" then error("expect.decoration: expected a table of fields, got " .. type(want), 2) end
    for k in pairs(want) do
        if not DECORATION_FIELDS[k] then
            error("expect.decoration: unknown field '" .. tostring(k) .. "' (expected kind, label, color, image, size)", 2)
        end
    end
    add("decoration", line, checkDate(date, "expect.decoration"), want.kind, want.label, want.color, want.image, want.size)
end

expect.noDecoration = verdictExpectation("noDecoration")

-- Instants are ISO 8601 text with an offset; the host parses them (one parser for every face)
-- and fails the expectation, at its line, when one is malformed.
local function checkInstant(value, what)
    if type(value) ~= "string" then
        error(what .. ": expected an instant such as '2026-12-18T15:00:00+01:00', got " .. type(value), 3)
    end
    return value
end

local function checkReason(reason, what)
    if reason ~= nil and type(reason) ~= "string" then error(what .. ": the reason must be a string", 3) end
    return reason
end

-- expect.closed(at [, reason]): the stack's hours (gate's answer) are closed at the instant.
function expect.closed(at, reason)
    inTest("closed")
    local line = lineOf(4)
    add("closed", line, checkInstant(at, "expect.closed"), checkReason(reason, "expect.closed"))
end

-- expect.open(at): the stack is open at the instant.
function expect.open(at)
    inTest("open")
    local line = lineOf(4)
    add("open", line, checkInstant(at, "expect.open"))
end

-- expect.closedBetween(from, to [, reason]): closed at every instant of [from, to).
function expect.closedBetween(from, to, reason)
    inTest("closedBetween")
    local line = lineOf(4)
    add("closedBetween", line, checkInstant(from, "expect.closedBetween"), checkInstant(to, "expect.closedBetween"),
        checkReason(reason, "expect.closedBetween"))
end

function expect.select(options, expected)
    inTest("select")
    local line = lineOf(4)
    if type(options) ~= "table" then error("expect.select: expected a table {mode = ..., taps = {...}}", 2) end
    if type(expected) ~= "table" then error("expect.select: expected the list of selected dates", 2) end
    add("select", line, options.mode, dates(options.taps, "expect.select taps"), options.minLength,
        options.maxLength, options.maxCount, dates(expected, "expect.select result"),
        dates(expected.rejected, "expect.select rejected"))
end

function expect.equal(actual, wanted, message)
    inTest("equal")
    local line = lineOf(4)
    if same(actual, wanted) then add("pass", line) else add("fail", line, message or "values differ", show(wanted), show(actual)) end
end

function expect.truthy(value, message)
    inTest("truthy")
    local line = lineOf(4)
    if value then add("pass", line) else add("fail", line, message or "expected a true value", "truthy", show(value)) end
end

-- expect.error(fn [, pattern [, message]]): fn must raise, and its message (without the
-- position prefix) match the Lua pattern.
function expect.error(fn, pattern, message)
    inTest("error")
    local line = lineOf(4)
    if type(fn) ~= "function" then error("expect.error: expected a function, got " .. type(fn), 2) end
    if pattern ~= nil and type(pattern) ~= "string" then
        error("expect.error: the pattern must be a string, got " .. type(pattern), 2)
    end
    local wanted = pattern and ("an error matching '" .. pattern .. "'") or "an error"
    local ok, err = pcall(fn)
    if ok then add("fail", line, message or "expected an error", wanted, "no error") return end
    -- The message without Lua's "chunk:line: " prefix, as policy errors are shown.
    local text = (tostring(err):gsub("^[^\n]-:%d+: ", "", 1))
    if pattern == nil or text:find(pattern) then
        add("pass", line)
    else
        add("fail", line, message or "the error differs", wanted, text)
    end
end

local function register(name, fn, row, line)
    if type(name) ~= "string" or name == "" then error("test: the name must be a non-empty string", 3) end
    if type(fn) ~= "function" then error("test '" .. name .. "': expected a function", 3) end
    tests[#tests + 1] = { name = name, fn = fn, row = row, line = line }
end

local api = {}

function api.policies(list)
    local line = lineOf(4)
    if type(list) == "string" then list = { list } end
    if type(list) ~= "table" or #list == 0 then error("test.policies: expected a list of policy files", 2) end
    for i, p in ipairs(list) do
        if type(p) ~= "string" then error("test.policies: entry " .. i .. " must be a file name", 2) end
        settings.policies[#settings.policies + 1] = p
        settings.policyLines[#settings.policies] = line
    end
end

function api.today(date)
    settings.today = checkDate(date, "test.today")
end

-- test.zone("Europe/Berlin"): the stack's zone for policies that name none (default UTC), as
-- `gate --time-zone` gives it.
function api.zone(name)
    if type(name) ~= "string" or name == "" then error("test.zone: expected a zone name such as 'Europe/Berlin'", 2) end
    settings.zone = name
end

function api.cases(name, rows, fn)
    local line = lineOf(4, true)
    if type(rows) ~= "table" then error("test.cases: expected a table of rows", 2) end
    for i, row in ipairs(rows) do
        local label = row
        if type(row) == "table" then
            label = row.name
            if label == nil and (type(row[1]) == "string" or type(row[1]) == "number") then label = row[1] end
        end
        if type(label) ~= "string" and type(label) ~= "number" then label = i end
        register(name .. " [" .. tostring(label) .. "]", fn, row, line)
    end
end

test = setmetatable({}, {
    __index = api,
    __call = function(_, name, fn)
        local line = lineOf(4, true)
        register(name, fn, nil, line)
    end,
    -- `function test.someName() ... end` defines a test too
    __newindex = function(_, name, fn)
        local line = lineOf(4, true)
        register(tostring(name), fn, nil, line)
    end,
})
rawset(_ENV, "expect", expect)

-- Lua's own assert is a check too: inside a test, a true assert counts as a passed check (so a
-- test of plain asserts is not "a test that checks nothing"); a false one raises as Lua's does,
-- failing the test at its line with its message. Outside tests it is Lua's assert.
local luaAssert = assert
rawset(_ENV, "assert", function(value, message, ...)
    if records and value then add("pass", lineOf(4)) end
    return luaAssert(value, message, ...)
end)

_ENV[ "__calpolicy_test" ] = function(command)
    if command == "list" then
        local out = {}
        for i, p in ipairs(settings.policies) do
            out[#out + 1] = "policy\t" .. tostring(settings.policyLines[i] or 0) .. "\t" .. field(p)
        end
        if settings.today then out[#out + 1] = "today\t0\t" .. field(settings.today) end
        if settings.zone then out[#out + 1] = "zone\t0\t" .. field(settings.zone) end
        for _, t in ipairs(tests) do out[#out + 1] = "test\t" .. t.line .. "\t" .. field(t.name) end
        return concat(out, "\n")
    end
    local index = tonumber(command:match("^run (%d+)$"))
    local t = index and tests[index]
    if not t then return "error\t0\t=no such test" end
    records = {}
    local failedAt = nil
    local ok, err = xpcall(t.fn, function(e)
        failedAt = failingLine()
        return e
    end, t.row)
    if not ok then
        -- The whole message: a string as raised, any other value named by its type (its
        -- __tostring is not run, as for policy errors).
        local text = (type(err) == "string" or type(err) == "number") and tostring(err)
            or ("error object is a " .. type(err) .. " value")
        -- Whole up to 16 KiB, as the host keeps policy errors (an error is one line).
        if #text > 16384 then text = text:sub(1, 16381) .. "..." end
        -- Lua's own "chunk:line: " prefix when it names the test file, else the test's
        -- innermost call running when the error was raised, else the test's definition.
        local chunk, prefixed = text:match("^([^\n]-):(%d+): ")
        local line = (chunk == testChunk and tonumber(prefixed)) or failedAt or tonumber(prefixed) or t.line
        add("error", line, (text:gsub("^[^\n]-:%d+: ", "", 1)))
    end
    local out = concat(records, "\n")
    records = nil
    return out
end

-- Inside tests, cal.today() is the file's fixed today (test.today), never the clock.
return setmetatable({ today = function() return settings.today end }, { __index = cal })
