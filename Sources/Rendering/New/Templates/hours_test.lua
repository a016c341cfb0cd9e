-- Tests of the hours policy beside this file: `calpolicy test` runs them (docs/policy-tests.md).
test.policies { {{policy}} }
test.today {{today}}

test("a weekday is open in working hours only", function()
    expect.open({{weekdayNoon}})
    expect.closed({{weekdayEvening}}, "outside working hours")
end)

test("a weekend is closed all day", function()
    expect.closed({{weekendNoon}}, "weekends")
end)
