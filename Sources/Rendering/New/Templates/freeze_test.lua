-- Tests of the freeze policy beside this file: `calpolicy test` runs them (docs/policy-tests.md).
test.policies { {{policy}} }
test.today {{today}}

test("a day inside the freeze is refused, with its reason", function()
    expect.denied({{from}}, "freeze")
    expect.denied({{to}}, "freeze")
end)

test("the days around the freeze are selectable", function()
    expect.selectable({{before}})
    expect.selectable({{after}})
end)
