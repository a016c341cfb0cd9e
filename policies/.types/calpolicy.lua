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
---@field canSelect? fun(day: calpolicy.Day, selection: calpolicy.Selection, context: calpolicy.Context): boolean, string?
---@field canDeselect? fun(day: calpolicy.Day, selection: calpolicy.Selection, context: calpolicy.Context): boolean, string?
---@field decorationFor? fun(day: calpolicy.Day, context: calpolicy.Context): calpolicy.Decoration?
---@field scope? calpolicy.Scope where the policy applies; outside it, no opinion (docs/scopes.md)
---@field overridable? boolean|calpolicy.Overridable whether a break-glass override may lift it: false a hard freeze nothing lifts; true or absent any override (docs/policy-api.md)

--- The decision's context, the last argument of every policy function (read-only; docs/scopes.md).
---@class calpolicy.Context
---@field service? string
---@field environment? string
---@field environmentType? string
---@field tenant? string
---@field cluster? string
---@field namespace? string
---@field action? string
---@field actor? string
---@field labels table<string, string> always a table (possibly empty)

--- A policy's scope over the decision context: each key a value or list of values (`*` globs);
--- a question naming a value outside them is out of scope, one not naming the key is in.
---@class calpolicy.Scope
---@field service? string|string[]
---@field environment? string|string[]
---@field environmentType? string|string[] "production" or "non-production"
---@field tenant? string|string[]
---@field cluster? string|string[]
---@field namespace? string|string[]
---@field action? string|string[] deploy, rollback, scale, create, delete, config (or your own words)
---@field actor? string|string[]
---@field exclude? table<string, string|string[]> out of scope when every key here matches

--- The terms on which a break-glass override may lift a policy (`overridable = { ... }`), read at
--- load as data; an override breaking them is refused. Every field is optional; other keys are errors.
---@class calpolicy.Overridable
---@field maxHours? integer the longest override, 1...87840 hours (until - from, rounded up)
---@field requireTicket? boolean the override must carry a ticket
---@field approvers? string[] 1...64 names; the override's approvedBy must be one of them

--- The helper library, installed read-only in every policy.
---@type cal
cal = {}

--- One holiday of a day, as `cal.holidays(...):on(day)` lists it (a shared table: read it, do not change it).
---@class calpolicy.Holiday
---@field name string the name in the chosen language (the country's own by default)
---@field englishName string the English name
---@field category string "public", "bank", "optional", ...
---@field observedOf? string "YYYY-MM-DD": the holiday an observed or substitute day stands in for
---@field observed? true an observed or substitute day (observedOf may be unknown)
---@field estimated? true the date is python-holidays' estimate (a lunar or announced holiday)
---@field halfDay? true a half day (markets closing early)

--- The holidays of one place, categories and language: `cal.holidays("DE-BE")`.
---@class calpolicy.Holidays
---@field first integer first year with data
---@field last integer last year with data
local Holidays = {}

--- The holidays of the day (a new list; empty when none). A year outside first...last is an
--- error, never an empty list: ask `covers` first.
---@param day calpolicy.Day|string|integer a day view, "YYYY-MM-DD" or a day number
---@return calpolicy.Holiday[]
function Holidays:on(day) end

--- Whether the data covers the day's year.
---@param day calpolicy.Day|string|integer
---@return boolean
function Holidays:covers(day) end

--- The built-in holiday data (data/holidays, from python-holidays) of a country, subdivision or
--- market: "DE", "DE-BE", "XNYS". Unknown places, categories and languages are errors at this line.
---@param place string
---@param options? { categories?: string[]|string, language?: string }
---@return calpolicy.Holidays
function cal.holidays(place, options) end

--- Whether the day is a weekend day in `place` at that date ("AE": Friday and Saturday until
--- 2021, Saturday and Sunday since), working weekend days (China's swapped days) being false.
---@param place string
---@param day calpolicy.Day|string|integer
---@return boolean
function cal.weekend(place, day) end

--- One occurrence of an event of an .ics file, as `cal.ics(...):on(day)` lists it.
---@class calpolicy.Occurrence
---@field summary string the event's SUMMARY, unescaped
---@field description string|nil its DESCRIPTION, unescaped
---@field uid string|nil its UID
---@field categories string[] its CATEGORIES
---@field first string "YYYY-MM-DD": the first day it covers
---@field last string "YYYY-MM-DD": the last day it covers
---@field firstDayNumber integer
---@field lastDayNumber integer
---@field allDay boolean

--- An .ics file read with `cal.ics("closures.ics")`: its events, recurrences expanded.
---@class calpolicy.Feed
local Feed = {}

--- The occurrences touching the day (a new list each call; empty when none).
---@param day calpolicy.Day|string|integer
---@return calpolicy.Occurrence[]
function Feed:on(day) end

--- The occurrences touching any day of first...last (at most 3,660 days).
---@param first calpolicy.Day|string|integer
---@param last calpolicy.Day|string|integer
---@return calpolicy.Occurrence[]
function Feed:between(first, last) end

--- Reads an iCalendar file in the policy's own folder ("closures.ics"), parsed by libical on the
--- host side. Only while the policy loads, at its top level; a bad name, file or line is an error
--- at this line.
---@param name string a file name beside the policy, ending in .ics
---@return calpolicy.Feed
function cal.ics(name) end
