import Testing
@testable import CalPolicyArguments
import CalPolicyRequests

@Suite struct ArgumentTokenTests {
    @Test func longOptionKeepsInlineValueApart() {
        #expect(ArgumentToken.tokenise(["--month=2026-12"]) == [.long(name: "month", value: "2026-12")])
        #expect(ArgumentToken.tokenise(["--month", "2026-12"]) == [.long(name: "month", value: nil),
                                                                   .positional("2026-12")])
    }

    @Test func emptyInlineValueIsKeptAsEmpty() {
        #expect(ArgumentToken.tokenise(["--format="]) == [.long(name: "format", value: "")])
    }

    @Test func doubleDashEndsOptions() {
        #expect(ArgumentToken.tokenise(["--", "--month", "-h"]) == [.positional("--month"), .positional("-h")])
    }

    @Test func singleDashLetterIsShortAndLoneDashIsPositional() {
        #expect(ArgumentToken.tokenise(["-h", "-"]) == [.short("h"), .positional("-")])
    }

    @Test func singleDashWordIsTreatedAsOptionTypo() {
        let tokens = ArgumentToken.tokenise(["-month", "---year"])
        #expect(tokens == [.misspelled("-month"), .misspelled("---year")])
        #expect(tokens.map(\.spelling) == ["-month", "---year"])
    }

    @Test func spellingRoundTrips() {
        #expect(ArgumentToken.long(name: "to", value: "x").spelling == "--to=x")
        #expect(ArgumentToken.short("V").spelling == "-V")
    }
}
