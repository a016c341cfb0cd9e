---@meta
-- Lua language-server definitions for calpolicy test files (`*_test.lua`; editor help only,
-- never loaded by calpolicy). The API is described in docs/policy-tests.md and implemented in
-- Sources/PolicyEngine/Prelude/test_harness.lua.

---@class calpolicy.DecorationPattern
---@field kind? "default"|"image"|"custom"
---@field label? string
---@field color? string
---@field image? string
---@field size? "small"|"medium"|"large"

---@class calpolicy.SelectOptions
---@field mode "single"|"multiple"|"range"|"week"|"month"
---@field taps string[] ISO dates, tapped in order
---@field minLength? integer
---@field maxLength? integer
---@field maxCount? integer

--- The expected selection (ISO dates) and, optionally, exactly the taps that must be rejected.
---@class calpolicy.SelectResult
---@field [integer] string
---@field rejected? string[]

---@class calpolicy.TestAPI
---@overload fun(name: string, body: fun())
test = {}

--- The policies under test, stacked in order; paths relative to the test file.
---@param files string|string[]
function test.policies(files) end

--- The fixed today the policies see (and `cal.today()` in the test file).
---@param date string
function test.today(date) end

--- One test per row, named `name [row.name or row[1] or index]`; `body` receives the row.
---@param name string
---@param rows table[]
---@param body fun(row: table)
function test.cases(name, rows, body) end

expect = {}

--- The stack denies selecting `date`; the reason contains `reason` when given.
---@param date string
---@param reason? string
function expect.denied(date, reason) end

---@param date string
function expect.selectable(date) end

---@param date string
function expect.deselectable(date) end

---@param date string
---@param reason? string
function expect.notDeselectable(date, reason) end

--- The winning decoration has every field given (fields left out match anything).
---@param date string
---@param fields? calpolicy.DecorationPattern
function expect.decoration(date, fields) end

---@param date string
function expect.noDecoration(date) end

--- Replaying `options.taps` ends with exactly `result` selected.
---@param options calpolicy.SelectOptions
---@param result calpolicy.SelectResult
function expect.select(options, result) end

---@param actual any
---@param expected any
---@param message? string
function expect.equal(actual, expected, message) end

---@param value any
---@param message? string
function expect.truthy(value, message) end
