---@meta
-- Lua language-server definitions for calpolicy policies (editor help only; never loaded by
-- calpolicy). The `cal` functions are documented where they live, in
-- Sources/PolicyEngine/Prelude/cal.lua; policies/.luarc.json puts both on the library path.

--- A day handed to canSelect / canDeselect / decorationFor. Read-only; other field names are errors.
---@class calpolicy.Day
---@field year integer Gregorian year
---@field month integer Gregorian month 1...12
---@field day integer Gregorian day of month
---@field weekday integer 1 = Sunday ... 7 = Saturday
---@field iso string "YYYY-MM-DD"
---@field dayNumber integer days since 1970-01-01
---@field yearDay integer 1...366
---@field calendar calpolicy.CalendarDate the same day in the displayed calendar

---@class calpolicy.CalendarDate
---@field name string calendar name, e.g. "gregorian", "hebrew"
---@field year integer
---@field month integer
---@field day integer
---@field isLeapMonth boolean
---@field era integer|nil

--- The selected days, ascending ISO dates. Read-only.
---@class calpolicy.Selection
---@field [integer] string
---@field contains fun(iso: string): boolean

---@class calpolicy.Decoration
---@field kind? "default"|"image"|"custom"
---@field label? string
---@field color? string
---@field image? string
---@field size? "small"|"medium"|"large"

--- What a policy file returns.
---@class calpolicy.Policy
---@field name? string
---@field description? string
---@field version? string
---@field canSelect? fun(day: calpolicy.Day, selection: calpolicy.Selection): boolean, string?
---@field canDeselect? fun(day: calpolicy.Day, selection: calpolicy.Selection): boolean, string?
---@field decorationFor? fun(day: calpolicy.Day): calpolicy.Decoration?

--- The helper library, installed read-only in every policy.
---@type cal
cal = {}
