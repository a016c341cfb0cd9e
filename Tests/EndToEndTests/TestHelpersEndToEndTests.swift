import Testing

/// `expect.error`, and test files that check `cal` helpers without naming a policy.
@Suite struct TestHelpersEndToEndTests {
    @Test func expectErrorAndTestsWithoutPolicies() throws {
        let files = try TemporaryFiles()
        _ = try files.write("helpers_test.lua", """
            test("addDays crosses a year", function()
              expect.equal(cal.addDays("2026-12-31", 1), "2027-01-01")
              expect.error(function() cal.addDays("2026-02-30", 1) end, "2026%-02%-30")
              expect.error(function() cal.parse("nope") end)
            end)
            test("wrong expectations fail", function()
              expect.error(function() end, "boom")
              expect.error(function() error("bang") end, "boom")
              expect.denied("2026-12-25")
            end)
            """)
        let result = try CalpolicyBinary.run(["test", files.directory.path])
        let file = files.directory.appendingPathComponent("helpers_test.lua").path
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == """
            \(file):7: test 'wrong expectations fail': expected an error matching 'boom' (expected an error), got no error
            \(file):8: test 'wrong expectations fail': expected an error matching 'boom' (the error differs), got bang
            \(file):9: test 'wrong expectations fail': expected test.policies { "file.lua" } before expectations about days, got expect.denied with no policy named
            1 passed, 1 failed

            """)
    }
}
