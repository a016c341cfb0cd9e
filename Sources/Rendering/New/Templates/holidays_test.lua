-- Tests of the holidays policy beside this file: `calpolicy test` runs them (docs/policy-tests.md).
test.policies { {{policy}} }
test.today {{today}}

test("Independence Day is refused and labelled", function()
    expect.denied({{holiday}}, "Independence Day")
    expect.decoration({{holiday}}, { label = "Independence Day" })
end)

test("an ordinary day is selectable", function()
    expect.selectable({{ordinary}})
    expect.noDecoration({{ordinary}})
end)
