import PolicyEngine
import Testing
@testable import Rendering

@Suite struct LintReportRendererTests {
    let findings = [
        LintFinding(file: "p.lua", line: 4, column: 18, code: "W143", message: "accessing undefined field 'addDay' of global 'cal'"),
        LintFinding(file: "a,b:c.lua", line: 1, column: 1, code: "calpolicy", message: "100% wrong\nreally"),
    ]

    @Test func textIsFileLineColumnMessage() {
        #expect(LintReportRenderer.text(findings) == """
            p.lua:4:18: (W143) accessing undefined field 'addDay' of global 'cal'
            a,b:c.lua:1:1: 100% wrong really

            """)
    }

    @Test func githubEscapesPropertiesAndMessage() {
        #expect(LintReportRenderer.github(findings) == """
            ::warning file=p.lua,line=4,col=18::(W143) accessing undefined field 'addDay' of global 'cal'
            ::warning file=a%2Cb%3Ac.lua,line=1,col=1::100%25 wrong%0Areally

            """)
    }

    @Test func jsonHasACountAndNumbers() {
        let text = JSONWriter.write(LintReportRenderer.json(findings))
        #expect(text.contains("\"line\": 4") && text.contains("\"column\": 18") && text.contains("\"count\": 2"))
    }
}
