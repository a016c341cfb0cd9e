import Testing
@testable import PolicyEngine

@Suite struct TestRecordTests {
    @Test func fieldsKeepTabsNewlinesAndBackslashesAndTellNilFromEmpty() {
        let records = TestRecord.parse("denied\t12\t=2026-01-01\t=a\\tb\\nc\\\\d\t\t=\n")
        #expect(records.count == 1)
        #expect(records[0].kind == "denied")
        #expect(records[0].line == 12)
        #expect(records[0].fields == ["2026-01-01", "a\tb\nc\\d", nil, ""])
    }

    @Test func coverageRangesCollapseRuns() {
        #expect(PolicyCoverage.ranges([1, 2, 3, 7, 9, 10]) == "1-3, 7, 9-10")
        #expect(PolicyCoverage.ranges([]) == "")
    }

    @Test func codeLinesSkipCommentsClosersAndFunctionHeaders() {
        let lines = PolicyCoverage.codeLines("""
        -- header
        local x = 1 -- trailing
        --[[ long
        comment ]]
        local function f(a)
            return a
        end
        s = "--not a comment"
        return f(x)
        """)
        #expect(lines.code == [2, 6, 8, 9])
        #expect(lines.returns == [6, 9])
        #expect(lines.tailCalls == [9])
    }
}
