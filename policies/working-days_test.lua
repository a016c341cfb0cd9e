-- Stacking: weekends.lua then us-federal-holidays.lua allow only U.S. working days.
test.policies { "weekends.lua", "us-federal-holidays.lua" }
test.today "2026-06-01"

test("the first denial gives the reason", function()
    expect.denied("2026-07-04", "weekend") -- Saturday: weekends.lua denies first
    expect.decoration("2026-07-04", { label = "Independence Day" }) -- decorated all the same
    expect.denied("2026-07-03", "Independence Day (observed)")
end)

test("a range over a long weekend cannot end on the observed day", function()
    expect.select({ mode = "range", taps = { "2026-06-29", "2026-07-03" } }, { rejected = { "2026-07-03" } })
    expect.select({ mode = "range", taps = { "2026-06-29", "2026-07-02" } },
        { "2026-06-29", "2026-06-30", "2026-07-01", "2026-07-02" })
end)
