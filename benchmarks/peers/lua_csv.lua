-- Peer A, whole process: the same policy file driven by a plain Lua loop in the stock
-- `lua5.4`, writing the CSV `holidays_csv.py` writes (13 columns; selectable = a weekday and
-- not denied by the policy, whose reason and decoration fill the row). What a user without
-- calpolicy would write with the same policy and cal library; `calpolicy eval POLICY
-- --include weekdays --format csv` is measured against it.
--
--   lua5.4 lua_csv.lua ROOT POLICY FIRST_YEAR LAST_YEAR > out.csv
local root, policyPath, firstYear, lastYear = arg[1], arg[2], math.tointeger(tonumber(arg[3])),
    math.tointeger(tonumber(arg[4]))
assert(root and policyPath and firstYear and lastYear, "usage: lua5.4 lua_csv.lua ROOT POLICY FIRST_YEAR LAST_YEAR")

-- The day arithmetic and `cal` in plain Lua (shared with the other peer).
local civil, dayNumber = dofile(root .. "/benchmarks/peers/plain_cal.lua")(root)
local policy = assert(loadfile(policyPath))()
local canSelect, decorationFor = assert(policy.canSelect, "the policy has no canSelect"), policy.decorationFor

local sformat, concat, write = string.format, table.concat, io.write

-- A CSV field: quoted when it holds a comma, a quote or a line break.
local function field(s)
    if s == nil then return "" end
    if s:find('[,"\r\n]') then return '"' .. s:gsub('"', '""') .. '"' end
    return s
end

local out, rows = { "date,year,month,day,weekday,selectable,deselectable,reason,decoration_kind,"
    .. "decoration_label,decoration_color,decoration_image,decoration_size" }, 1
local selection = {}
for n = dayNumber(firstYear, 1, 1), dayNumber(lastYear, 12, 31) do
    local y, m, d = civil(n)
    local iso = sformat("%04d-%02d-%02d", y, m, d)
    local weekday = (n + 4) % 7 + 1
    local day = { year = y, month = m, day = d, weekday = weekday, iso = iso, dayNumber = n,
                  yearDay = n - dayNumber(y, 1, 1) + 1 }
    local ok, reason = canSelect(day, selection)
    if ok and (weekday == 1 or weekday == 7) then
        ok, reason = false, iso .. " is a weekend day; only weekdays may be selected"
    end
    local deco = decorationFor and decorationFor(day) or nil
    rows = rows + 1
    out[rows] = concat({ iso, y, m, d, weekday, ok and "true" or "false", "true", field(reason),
        deco and (deco.kind or "default") or "", field(deco and deco.label), field(deco and deco.color),
        field(deco and deco.image), deco and (deco.size or "") or "" }, ",")
    if rows >= 4096 then
        write(concat(out, "\n", 1, rows), "\n")
        rows = 0
    end
end
if rows > 0 then write(concat(out, "\n", 1, rows), "\n") end
