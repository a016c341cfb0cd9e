-- Development harness: runs cal.lua and policy files under a plain `lua5.4`, without the Swift
-- engine. It mirrors the engine's contract closely enough to develop and unit-test policies:
-- an allow-listed environment, read-only `day` tables with the documented fields, the return
-- checks of canSelect/canDeselect/decorationFor, and stacking (every policy must allow; the
-- first decoration wins). It is not the engine: no instruction budget, no memory cap.
--
-- As a library:  local H = dofile("Tests/lua/harness.lua")
--                local p = H.load("policies/weekends.lua"); H.evaluate({p}, "2026-12-25")
-- As a command:  lua5.4 Tests/lua/harness.lua eval POLICY... --from A --to B [--today D]
--                prints the CSV that `calpolicy eval --format csv` prints.

local H = {}

local here = (debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or ".")
H.root = here .. "/../.."
H.calPath = H.root .. "/Sources/PolicyEngine/Prelude/cal.lua"

local today = nil

--- Gregorian-only stand-in for the Swift side; other calendars are the engine's job.
local civil = dofile(here .. "/civil_reference.lua")

local native = {
    dayNumber = civil.dayNumber,
    civil = civil.civil,
    today = function() return today end,
    convert = function(iso, calendar)
        if calendar ~= "gregorian" then return nil, "calendar '" .. calendar .. "' needs the engine" end
        local y, m, d = H.cal.parse(iso)
        return { name = "gregorian", year = y, month = m, day = d, isLeapMonth = false, era = 1 }
    end,
    fromCalendar = function(calendar, y, m, d)
        if calendar ~= "gregorian" then return nil, "calendar '" .. calendar .. "' needs the engine" end
        return H.cal.format(y, m, d)
    end,
}

function H.setToday(iso) today = iso end

--- The test oracle's day arithmetic (civil_reference.lua), for stub hosts of cal.
H.civil = civil

--- A fresh table holding the base functions a policy's environment allows; the caller
--- adds the libraries (string, table, math, utf8) and anything else it needs.
function H.baseEnvironment()
    local env = {}
    for _, k in ipairs({ "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
        "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring", "type",
        "xpcall", "_VERSION" }) do
        env[k] = _G[k]
    end
    return env
end

--- The whole of the file at `path`, as bytes.
function H.readFile(path)
    local f = assert(io.open(path, "rb"))
    local src = f:read("a")
    f:close()
    return src
end

local function loadCal()
    local chunk = assert(loadfile(H.calPath, "t"))
    return chunk(native)
end

H.cal = loadCal()

local function readOnly(t, what)
    return setmetatable({}, {
        __index = t,
        __newindex = function(_, k) error(what .. " is read-only (tried to set '" .. tostring(k) .. "')", 2) end,
        __len = function() return #t end,
        __pairs = function() return next, t, nil end,
    })
end

local DAY_FIELDS = "year, month, day, weekday, iso, dayNumber, yearDay, calendar"

--- The `day` argument exactly as api.md lists it; like the engine's, it refuses other fields.
function H.day(iso)
    local cal = H.cal
    local y, m, d = cal.parse(iso)
    local n = cal.dayNumber(y, m, d)
    local view = readOnly({
        year = y, month = m, day = d, iso = iso, dayNumber = n,
        weekday = cal.weekdayOfDayNumber(n),
        yearDay = n - cal.dayNumber(y, 1, 1) + 1,
        calendar = readOnly({ name = "gregorian", year = y, month = m, day = d, isLeapMonth = false, era = 1 },
            "day.calendar"),
    }, "day")
    local fields = getmetatable(view).__index
    getmetatable(view).__index = function(_, k)
        local v = fields[k]
        if v == nil then error("day has no field '" .. tostring(k) .. "' (fields: " .. DAY_FIELDS .. ")", 2) end
        return v
    end
    return view
end

local function selectionView(list)
    local set = {}
    for _, iso in ipairs(list) do set[iso] = true end
    local t = {}
    for i, iso in ipairs(list) do t[i] = iso end
    t.contains = function(iso) return set[iso] == true end
    return readOnly(t, "selection")
end

local function sandbox()
    local env = H.baseEnvironment()
    env.print = function(...) io.stderr:write(table.concat({ ... }, "\t"), "\n") end
    local str = {}
    for k, v in pairs(string) do if k ~= "dump" then str[k] = v end end
    env.string, env.table, env.math, env.utf8 = str, table, math, utf8
    env.cal = readOnly(loadCal(), "cal")
    env._G = env
    return env
end

--- Loads a policy file into its own environment; returns {path, metadata, canSelect, ...}.
function H.load(path)
    local src = H.readFile(path)
    if src:sub(1, 3) == "\239\187\191" then src = src:sub(4) end
    local env = sandbox()
    local chunk, err = load(src, "@" .. path, "t", env)
    if not chunk then error(err, 0) end
    local result = chunk()
    local t = type(result) == "table" and result or env
    local p = {
        path = path,
        name = t.name or path:match("([^/]+)%.lua$"),
        description = t.description,
        version = t.version,
        canSelect = t.canSelect,
        canDeselect = t.canDeselect,
        decorationFor = t.decorationFor,
    }
    return p
end

local function verdict(p, fname, day, selection)
    local f = p[fname]
    if f == nil then return true end
    local ok, reason = f(day, selection)
    if type(ok) ~= "boolean" then
        error(string.format("%s: %s must return a boolean, got %s (day %s)", p.path, fname, type(ok), day.iso), 0)
    end
    if reason ~= nil and type(reason) ~= "string" then
        error(string.format("%s: %s reason must be a string, got %s", p.path, fname, type(reason)), 0)
    end
    return ok, reason
end

local KINDS = { default = true, image = true, custom = true }
local SIZES = { small = true, medium = true, large = true }

local function decoration(p, day)
    if p.decorationFor == nil then return nil end
    local d = p.decorationFor(day)
    if d == nil then return nil end
    if type(d) ~= "table" then
        error(string.format("%s: decorationFor must return a table or nil, got %s (day %s)", p.path, type(d), day.iso), 0)
    end
    if not KINDS[d.kind or "default"] then error(p.path .. ": bad decoration kind " .. tostring(d.kind), 0) end
    if d.size ~= nil and not SIZES[d.size] then error(p.path .. ": bad decoration size " .. tostring(d.size), 0) end
    for _, k in ipairs({ "label", "color", "image" }) do
        if d[k] ~= nil and type(d[k]) ~= "string" then error(p.path .. ": decoration " .. k .. " must be a string", 0) end
    end
    return d
end

--- Evaluates a stack of policies for one day: selectable, reason, deselectable, decoration.
function H.evaluate(stack, iso, selection)
    local day = H.day(iso)
    local sel = selectionView(selection or {})
    local selectable, reason, deselectable, deco = true, nil, true, nil
    local selectPolicy, deselectReason, deselectPolicy, decorationPolicy
    for _, p in ipairs(stack) do
        local ok, why = verdict(p, "canSelect", day, sel)
        if not ok and selectable then selectable, reason, selectPolicy = false, why or p.name, p.path end
        local dok, dwhy = verdict(p, "canDeselect", day, sel)
        if not dok and deselectable then deselectable, deselectReason, deselectPolicy = false, dwhy, p.path end
        if deco == nil then
            deco = decoration(p, day)
            if deco ~= nil then decorationPolicy = p.path end
        end
    end
    return { selectable = selectable, reason = reason, deselectable = deselectable, decoration = deco,
        selectPolicy = selectPolicy, deselectReason = deselectReason, deselectPolicy = deselectPolicy,
        decorationPolicy = decorationPolicy }
end

--- A policy path as calpolicy's documents write it: empty and `.` components dropped.
local function tidy(path)
    if path == nil then return nil end
    local absolute = path:sub(1, 1) == "/"
    local parts = {}
    for part in path:gmatch("[^/]+") do
        if part ~= "." then parts[#parts + 1] = part end
    end
    return (absolute and "/" or "") .. table.concat(parts, "/")
end

local function csvField(v)
    if v == nil then return "" end
    v = tostring(v)
    if v:find('[,"\n]') then return '"' .. v:gsub('"', '""') .. '"' end
    return v
end

--- Writes `calpolicy eval --format csv` rows for [from, to] to `out` (a file handle).
function H.csv(stack, from, to, out)
    local cal = H.cal
    out:write("date,year,month,day,weekday,selectable,deselectable,reason,decoration_kind,",
        "decoration_label,decoration_color,decoration_image,decoration_size,",
        "select_reason,deselect_reason,policy,decoration_policy,observed_of,estimated\n")
    local first, last = cal.dayNumberOf(from), cal.dayNumberOf(to)
    for n = first, last do
        local iso = cal.isoOfDayNumber(n)
        local y, m, d = cal.fromDayNumber(n)
        local r = H.evaluate(stack, iso)
        local deco = r.decoration or {}
        local selectReason = not r.selectable and r.reason or nil
        out:write(table.concat({ iso, y, m, d, cal.weekdayOfDayNumber(n), tostring(r.selectable),
            tostring(r.deselectable), csvField(selectReason or r.deselectReason),
            r.decoration and csvField(deco.kind or "default") or "", csvField(deco.label),
            csvField(deco.color), csvField(deco.image), csvField(deco.size),
            csvField(selectReason), csvField(r.deselectReason),
            csvField(tidy(r.selectPolicy or r.deselectPolicy)), csvField(tidy(r.decorationPolicy)),
            -- observed_of and estimated: only built-in holiday data has them, never a Lua policy.
            "", "" }, ","), "\n")
    end
end

local function main(argv)
    if argv[1] ~= "eval" then
        io.stderr:write("usage: harness.lua eval POLICY... --from YYYY-MM-DD --to YYYY-MM-DD [--today D]\n")
        os.exit(2)
    end
    local stack, from, to = {}, nil, nil
    local i = 2
    while i <= #argv do
        local a = argv[i]
        if a == "--from" then from = argv[i + 1]; i = i + 2
        elseif a == "--to" then to = argv[i + 1]; i = i + 2
        elseif a == "--today" then H.setToday(argv[i + 1]); i = i + 2
        elseif a == "--format" then i = i + 2 -- csv is the only format
        else stack[#stack + 1] = H.load(a); i = i + 1 end
    end
    if not from or not to then io.stderr:write("harness: --from and --to are required\n"); os.exit(2) end
    local ok, err = pcall(H.csv, stack, from, to, io.stdout)
    if not ok then io.stderr:write("harness: ", tostring(err), "\n"); os.exit(3) end
end

if arg and arg[0] and debug.getinfo(1, "S").source == "@" .. arg[0] then
    main(arg)
end

return H
