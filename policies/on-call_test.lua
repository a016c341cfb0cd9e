-- Tests for on-call.lua: weekly Monday handovers, alice first from 2026-01-05, SWAPS.
test.policies { "on-call.lua" }
test.today "2026-01-05"

test.cases("rotation by week", {
    { "2026-01-05", who = "alice" },
    { "2026-01-11", who = "alice" }, -- Sunday: still the same shift
    { "2026-01-12", who = "bob" },
    { "2026-01-19", who = "carol" },
    { "2026-01-26", who = "dave" },
    { "2026-02-02", who = "alice" },
}, function(row)
    expect.decoration(row[1], { kind = "custom", label = "on call: " .. row.who })
end)

test("a swap replaces one week only", function()
    expect.decoration("2026-12-21", { label = "on call: erin" })
    expect.decoration("2026-12-27", { label = "on call: erin" })
    expect.decoration("2026-12-14", { label = "on call: bob" })
    expect.decoration("2026-12-28", { label = "on call: dave" })
end)

test("nothing before the rotation starts, and nothing denied", function()
    expect.noDecoration("2026-01-04")
    expect.selectable("2026-01-04")
    expect.selectable("2026-12-25")
end)
