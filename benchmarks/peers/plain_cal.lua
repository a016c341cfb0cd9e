-- What both Lua peers share: the Gregorian day arithmetic a peer without calpolicy writes (days
-- since 1970-01-01 and back), and the `cal` helper library loaded in stock `lua5.4` with that
-- arithmetic as its host (`native.dayNumber`, `native.civil`); calendar conversions are absent.
--
--   local civil, dayNumber = dofile(ROOT .. "/benchmarks/peers/plain_cal.lua")(ROOT)
return function(root)
    local function civil(n)
        n = n + 719468
        local era = n // 146097
        local doe = n - era * 146097
        local yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
        local doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
        local mp = (5 * doy + 2) // 153
        local d = doy - (153 * mp + 2) // 5 + 1
        local m = mp < 10 and mp + 3 or mp - 9
        local y = yoe + era * 400
        if m <= 2 then y = y + 1 end
        return y, m, d
    end

    local function dayNumber(y, m, d)
        if m <= 2 then y = y - 1 end
        local era = y // 400
        local yoe = y - era * 400
        local mp = m > 2 and m - 3 or m + 9
        local doy = (153 * mp + 2) // 5 + d - 1
        local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
        return era * 146097 + doe - 719468
    end

    local native = {
        dayNumber = dayNumber, civil = civil,
        today = function() return nil end,
        convert = function() error("calendar conversion is not available in plain lua") end,
        fromCalendar = function() error("calendar conversion is not available in plain lua") end,
    }
    cal = assert(loadfile(root .. "/Sources/PolicyEngine/Prelude/cal.lua"))(native)
    return civil, dayNumber
end
